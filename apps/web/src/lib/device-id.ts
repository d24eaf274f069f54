/**
 * Device id (spec 000 §3): 32 random alphanumeric characters, sent as the `device-id` header, kept in
 * local storage and kept across storage clears.
 *
 * Choice: the id lives in `localStorage` under `ferry.deviceId` and is mirrored in a first-party cookie
 * (`ferry.deviceId`, path `/`, SameSite=Strict, Secure on https, ~400 days — the longest browsers keep a
 * cookie). Our own clears (`clearSessionData`, `clearAllStoredData`) never remove it; if something else
 * wipes local storage (devtools, `localStorage.clear()`), the cookie restores it on the next read, and the
 * other way round. It is not a secret: it only lets the server recognise a trusted device for 30 days.
 * Clearing both (site data) yields a new device, as it should.
 */
import { randomAlphanumeric } from './random';
import { readRaw, storageKey } from './storage';

export const DEVICE_ID_LENGTH = 32;
export const DEVICE_ID_COOKIE = 'ferry.deviceId';
const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const DEVICE_ID_PATTERN = /^[A-Za-z0-9]{32}$/;

export const isDeviceId = (value: unknown): value is string =>
  typeof value === 'string' && DEVICE_ID_PATTERN.test(value);

const readStoredDeviceId = (): string | null => {
  const raw = readRaw('deviceId');
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isDeviceId(value) ? value : null;
  } catch {
    return null;
  }
};

const readCookieDeviceId = (): string | null => {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === DEVICE_ID_COOKIE && isDeviceId(value)) return value;
  }
  return null;
};

const writeDeviceId = (id: string) => {
  try {
    window.localStorage.setItem(storageKey('deviceId'), JSON.stringify(id));
  } catch {
    // storage unavailable: the cookie still carries the id
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
  document.cookie = `${DEVICE_ID_COOKIE}=${id}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Strict${secure}`;
};

/** The id this page load has found (or put) in both copies. */
let mirrored: string | null = null;

/**
 * The device id, created on first use and re-mirrored whenever one copy is missing. Every request sends
 * it, and reading `document.cookie` is a synchronous round trip to the browser process (about 7 ms each
 * at boot on a slow machine): once both copies agree, later calls in the same page load read only local
 * storage, and go back to the cookie when local storage lost or changed the id.
 */
export const getDeviceId = (): string => {
  const stored = readStoredDeviceId();
  if (stored !== null && stored === mirrored) return stored;
  const cookie = readCookieDeviceId();
  const id = stored ?? cookie ?? randomAlphanumeric(DEVICE_ID_LENGTH);
  if (id !== stored || id !== cookie) writeDeviceId(id);
  mirrored = id;
  return id;
};
