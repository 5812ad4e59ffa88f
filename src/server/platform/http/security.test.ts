import { describe, expect, it } from 'vitest';
import { EARLY_TAPS_HASH } from '../../features/pages/early-taps.ts';
import { SECURITY_HEADERS } from '../../features/pages/headers.ts';
import { API_SECURITY_HEADERS, helmetHeaders } from './security.ts';

// The security headers come from helmet, computed once (docs/decisions/0012). These are the exact
// sets we send: a helmet upgrade that changes one fails here, to be read before it ships.
describe('security headers from helmet', () => {
  it("are a page's eleven headers with our CSP", () => {
    expect(SECURITY_HEADERS).toEqual({
      'content-security-policy':
        `default-src 'self';script-src 'self' ${EARLY_TAPS_HASH};style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https: http:;` +
        "font-src 'self' data:;connect-src 'self';worker-src 'self';manifest-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(Object.isFrozen(SECURITY_HEADERS)).toBe(true);
  });

  it("are an API answer's four", () => {
    expect(API_SECURITY_HEADERS).toEqual({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });

  it("follow helmet's defaults where we set nothing (HSTS included)", () => {
    const defaults = helmetHeaders({});
    expect(defaults['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(defaults['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
