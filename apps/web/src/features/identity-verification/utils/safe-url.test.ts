import { describe, expect, it } from 'vitest';
import { buildInquiryReturnUrl, getSafePath, isFollowableHostedUrl } from './safe-url';

const ORIGIN = 'https://app.ferry.test';
const RESULT = { inquiryId: 'inq_1', status: 'approved' };

describe('buildInquiryReturnUrl', () => {
  it('appends inquiry-id and status to a path on this site', () => {
    expect(buildInquiryReturnUrl('/verify/identity', ORIGIN, RESULT)).toBe(
      '/verify/identity?inquiry-id=inq_1&status=approved',
    );
    expect(buildInquiryReturnUrl('/verify/identity?businessId=abc', ORIGIN, RESULT)).toBe(
      '/verify/identity?businessId=abc&inquiry-id=inq_1&status=approved',
    );
  });

  it('accepts an absolute address only on the same origin', () => {
    expect(buildInquiryReturnUrl(`${ORIGIN}/verify/identity`, ORIGIN, RESULT)).toBe(
      '/verify/identity?inquiry-id=inq_1&status=approved',
    );
  });

  it.each([
    'https://evil.example/verify/identity',
    'http://app.ferry.test/verify/identity',
    'https://app.ferry.test.evil.example/x',
    'https://user:pass@app.ferry.test/x',
    '//evil.example/x',
    '/\\evil.example/x',
    'javascript:alert(1)',
    'verify/identity',
    '',
    null,
  ])('refuses %s', (redirectUri) => {
    expect(buildInquiryReturnUrl(redirectUri, ORIGIN, RESULT)).toBeNull();
  });
});

describe('getSafePath', () => {
  it('keeps paths on this site and refuses the rest', () => {
    expect(getSafePath('/b/x/home?tab=1')).toBe('/b/x/home?tab=1');
    expect(getSafePath('//evil.example')).toBeNull();
    expect(getSafePath('https://evil.example')).toBeNull();
    expect(getSafePath(undefined)).toBeNull();
  });
});

describe('isFollowableHostedUrl', () => {
  it('follows the sandbox path and http(s) vendors, never other schemes', () => {
    expect(isFollowableHostedUrl('/sandbox/identity/inq_1?session-token=t')).toBe(true);
    expect(isFollowableHostedUrl('https://withpersona.com/verify?inquiry-id=inq_1')).toBe(true);
    expect(isFollowableHostedUrl('javascript:alert(1)')).toBe(false);
    expect(isFollowableHostedUrl('data:text/html,hi')).toBe(false);
  });
});
