import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createTestContext, headers, type TestContext } from '../test/harness';
import { redactUrl } from './log';

/** Issue 14, item 8: tokens never reach the log, wherever a URL carries them. */
describe('redactUrl', () => {
  it('drops query values and token-like path segments, keeps the rest', () => {
    const token = crypto.randomBytes(32).toString('base64url');
    expect(redactUrl(`/tenant/api/public/residents/token/${token}`)).toBe(
      '/tenant/api/public/residents/token/[token]',
    );
    expect(redactUrl(`/tenant/api/public/residents/12?token=${token}&x=1`)).toBe(
      '/tenant/api/public/residents/12?token=[redacted]&x=[redacted]',
    );
    expect(redactUrl('/tenant/api/residents?filter[term]=rivera&page=2')).toBe(
      '/tenant/api/residents?filter[term]=[redacted]&page=[redacted]',
    );
    expect(redactUrl('/api/central/properties/42/logo')).toBe('/api/central/properties/42/logo');
  });
});

describe('the request log', () => {
  let ctx: TestContext;
  let code: string;
  const lines: string[] = [];
  beforeAll(async () => {
    ctx = await createTestContext({}, { logStream: { write: (line) => void lines.push(line) } });
    code = (await createProperty(ctx.database)).code;
  });
  afterAll(() => ctx?.close());

  it('never holds a token that a URL carried', async () => {
    const tokens = Array.from({ length: 4 }, () => crypto.randomBytes(32).toString('base64url'));
    const h = headers({ tenant: code });
    await ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/public/residents/token/${tokens[0]}`,
      headers: h,
    });
    await ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/public/residents/3?token=${tokens[1]}`,
      headers: h,
    });
    await ctx.app.inject({ method: 'GET', url: `/tenant/api/public/permits/${tokens[2]}`, headers: h });
    await ctx.app.inject({ method: 'GET', url: `/register/residents/${tokens[3]}`, headers: h });
    const log = lines.join('');
    expect(log).toContain('[token]');
    for (const token of tokens) expect(lines.filter((l) => l.includes(token))).toEqual([]);
  });
});
