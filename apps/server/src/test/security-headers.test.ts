/** Every answer carries the security headers (helmet's, worked out once at start), API and web app alike. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, headers, type TestContext } from './harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('security headers', () => {
  it('are sent on answers, refusals and errors alike, and the same every time', async () => {
    const answers = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/api/health' }),
      ctx.app.inject({ method: 'GET', url: '/api/central/auth/bootstrap', headers: headers({}) }),
      ctx.app.inject({ method: 'GET', url: '/tenant/api/nothing-here', headers: headers({ tenant: 'x' }) }),
      ctx.app.inject({ method: 'GET', url: '/api/health' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 200]);
    for (const res of answers) {
      const csp = String(res.headers['content-security-policy']).split(';').sort();
      expect(csp).toEqual([
        "base-uri 'self'",
        "default-src 'self'",
        "font-src 'self' data:",
        "form-action 'self'",
        "frame-ancestors 'self'",
        "frame-src 'self' blob:",
        "img-src 'self' data: blob:",
        "object-src 'none'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "script-src-attr 'none'",
        "style-src 'self' 'unsafe-inline'",
        'upgrade-insecure-requests',
      ]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});
