import { describe, expect, it, vi } from 'vitest';
import { DEVICE_ID_COOKIE, getDeviceId } from './device-id';
import {
  clearAllStoredData,
  clearSessionData,
  getActiveBusinessId,
  getNavigationSource,
  getStored,
  removeStored,
  SESSION_KEYS,
  STORAGE_CHANGE_EVENT,
  setStored,
} from './storage';

describe('storage', () => {
  it('prefixes keys and round-trips JSON values', () => {
    setStored('selectedBills', ['a', 'b']);
    expect(window.localStorage.getItem('ferry.selectedBills')).toBe('["a","b"]');
    expect(getStored('selectedBills')).toEqual(['a', 'b']);
    removeStored('selectedBills');
    expect(getStored('selectedBills')).toBeNull();
  });

  it('reads a corrupt value as null', () => {
    window.localStorage.setItem('ferry.user', '{not json');
    expect(getStored('user')).toBeNull();
  });

  it('announces changes in this tab', () => {
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent).detail);
    window.addEventListener(STORAGE_CHANGE_EVENT, listener);
    setStored('verificationReturnUrl', '/b/x/home');
    window.removeEventListener(STORAGE_CHANGE_EVENT, listener);
    expect(seen).toEqual([{ key: 'verificationReturnUrl' }]);
  });

  it('counts the active business id only when it is 24 hex characters', () => {
    setStored('activeBusiness', { id: 'not-an-id', permissions: [] });
    expect(getActiveBusinessId()).toBeNull();
    setStored('activeBusiness', { id: '0123456789abcdef01234567', permissions: [] });
    expect(getActiveBusinessId()).toBe('0123456789abcdef01234567');
  });

  it('defaults the navigation tab to forReview', () => {
    expect(getNavigationSource()).toEqual({ lastSelectedTab: 'forReview' });
  });

  it('sign-out clears exactly the session data and keeps the device id', () => {
    const deviceId = getDeviceId();
    setStored('selectedBills', ['1']);
    setStored('user', { id: 'u', email: 'a@b.co' });
    setStored('invitedUser', { invitationType: 'PRACTICE' });
    setStored('accountingState', { provider: 'x' });
    setStored('guestPaymentInfo', { paymentType: 'SEND_PAYMENT' });
    setStored('roleData', { id: 'r' });
    setStored('session', { sessionId: 's' });
    setStored('activeBusiness', { id: '0123456789abcdef01234567', permissions: [] });
    clearSessionData();
    for (const key of SESSION_KEYS) expect(getStored(key)).toBeNull();
    expect(getStored('deviceId')).toBe(deviceId);
    expect(getActiveBusinessId()).toBe('0123456789abcdef01234567');
  });

  it('a full clear removes every prefixed key but the device and visitor ids, and nothing foreign', () => {
    const deviceId = getDeviceId();
    setStored('visitorId', 'v-1');
    setStored('breadcrumb', { items: [] });
    window.localStorage.setItem('other.app', 'keep');
    clearAllStoredData();
    expect(getStored('breadcrumb')).toBeNull();
    expect(getStored('deviceId')).toBe(deviceId);
    expect(getStored('visitorId')).toBe('v-1');
    expect(window.localStorage.getItem('other.app')).toBe('keep');
  });
});

describe('device id', () => {
  it('is 32 alphanumeric characters and stable', () => {
    const id = getDeviceId();
    expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(getDeviceId()).toBe(id);
  });

  it('survives localStorage.clear() through its cookie mirror', () => {
    const id = getDeviceId();
    expect(document.cookie).toContain(`${DEVICE_ID_COOKIE}=${id}`);
    window.localStorage.clear();
    expect(getDeviceId()).toBe(id);
    expect(getStored('deviceId')).toBe(id);
  });

  it('reads its cookie once a page load while local storage keeps the id (a synchronous call to the browser)', () => {
    const id = getDeviceId();
    const cookieReads = vi.spyOn(Document.prototype, 'cookie', 'get');
    expect(getDeviceId()).toBe(id);
    expect(getDeviceId()).toBe(id);
    expect(cookieReads).not.toHaveBeenCalled();
    window.localStorage.clear();
    expect(getDeviceId()).toBe(id);
    expect(cookieReads).toHaveBeenCalledTimes(1);
  });

  it('differs between devices', () => {
    const first = getDeviceId();
    window.localStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: simulating a browser without the cookie
    document.cookie = `${DEVICE_ID_COOKIE}=; Path=/; Max-Age=0`;
    expect(getDeviceId()).not.toBe(first);
  });
});
