import crypto from 'node:crypto';
import { RATE_LIMITS } from '@parkade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeResident } from '../test/factories';
import { inScope } from './scope';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../test/harness';

/**
 * Issue 14, item 8: public token links, PDFs and exports are rate limited — per address on public routes, per user
 * on signed-in ones — and the answer past the limit is a 429 in the one error shape, with Retry-After.
 */
let ctx: TestContext;
let code: string;
let propertyId: number;
let managerA: string;
let managerB: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database);
  code = p.code;
  propertyId = p.id;
  managerA = await login(ctx, await createTenantUser(ctx.database, p.id, 'manager'), code);
  managerB = await login(ctx, await createTenantUser(ctx.database, p.id, 'manager'), code);
});
afterAll(() => ctx?.close());

const get = (url: string, opts: { token?: string; ip?: string; lang?: string } = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: `/tenant/api${url}`,
    headers: headers({ tenant: code, token: opts.token, lang: opts.lang }),
    remoteAddress: opts.ip ?? '127.0.0.1',
  });

describe('rate limits', () => {
  it('a public token link: per address, then 429 with Retry-After; another address goes on', async () => {
    const { max } = RATE_LIMITS.publicLink;
    const url = () => `/public/permits/${crypto.randomBytes(32).toString('base64url')}`;
    for (let i = 0; i < max; i++) expect((await get(url(), { ip: '203.0.113.7' })).statusCode).toBe(404);
    const refused = await get(url(), { ip: '203.0.113.7', lang: 'es' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ statusCode: 429, errors: {} });
    expect(refused.json<{ message: string }>().message).toContain('Demasiadas solicitudes');
    expect((await get(url(), { ip: '203.0.113.8' })).statusCode).toBe(404);
  });

  it('exports: per user, then 429; another user goes on', async () => {
    const { max } = RATE_LIMITS.export;
    for (let i = 0; i < max; i++)
      expect((await get('/residents/export', { token: managerA })).statusCode).toBe(200);
    expect((await get('/residents/export', { token: managerA })).statusCode).toBe(429);
    // The template counts as an export too.
    expect((await get('/residents/template', { token: managerA })).statusCode).toBe(429);
    expect((await get('/residents/export', { token: managerB })).statusCode).toBe(200);
  });

  it('PDFs: per user, then 429', async () => {
    const { id } = await inScope(ctx.services, { area: 'tenant', propertyId }, (scope) =>
      makeResident(scope),
    );
    const { max } = RATE_LIMITS.document;
    const url = `/residents/${id}/download/parkingPolicies`;
    for (let i = 0; i < max; i++) expect((await get(url, { token: managerB })).statusCode).toBe(200);
    expect((await get(url, { token: managerB })).statusCode).toBe(429);
  });
});
