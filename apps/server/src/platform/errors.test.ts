import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createTestContext, headers, type TestContext } from '../test/harness';
import { databaseUnavailable, toApiError } from './errors';
import { pickLanguage, t } from './i18n';

let ctx: TestContext;
let code: string;
beforeAll(async () => {
  ctx = await createTestContext();
  code = (await createProperty(ctx.database)).code;
});
afterAll(() => ctx?.close());

const shape = (body: unknown) => {
  const b = body as { message: unknown; errors: unknown; statusCode: unknown };
  expect(Object.keys(b).sort()).toEqual(['errors', 'message', 'statusCode']);
  expect(typeof b.message).toBe('string');
  expect(typeof b.errors).toBe('object');
  expect(typeof b.statusCode).toBe('number');
};

describe('one error shape, never a 500 for bad input', () => {
  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/central/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(res.statusCode).toBe(400);
    shape(res.json());
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/central/auth/login',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    shape(res.json());
  });

  it('answers a body of the wrong type with 422 field errors', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/central/auth/login', payload: [1, 2] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors).length).toBeGreaterThan(0);
  });

  it('answers an unknown API route with 404 in the request language', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/central/nope',
      headers: headers({ lang: 'es' }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toContain('No existe la ruta de API');
  });

  it('explains a tenant call without X-Tenant', async () => {
    for (const lang of ['en', 'es', 'zh'] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/tenant/api/auth/login',
        headers: headers({ lang }),
        payload: {},
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(t(lang, 'errors.tenantMissing'));
    }
  });

  it('refuses an unknown tenant code with 404 and a host that names another property with 400', async () => {
    const payload = { email: 'someone@example.com', password: 'x' };
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/tenant/api/auth/login',
      headers: headers({ tenant: 'nosuch' }),
      payload,
    });
    expect(unknown.statusCode).toBe(404);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/tenant/api/auth/login',
      headers: { ...headers({ tenant: code }), host: `someoneelse.${ctx.env.appDomain}` },
      payload,
    });
    expect(other.statusCode).toBe(400);
    shape(other.json());
  });

  it('renders field messages in en, es and zh', async () => {
    const messages = await Promise.all(
      ['en', 'es', 'zh'].map(async (lang) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/central/auth/login',
          headers: headers({ lang }),
          payload: { email: 'a@b.c', password: '' },
        });
        return res.json<{ errors: { password: string[] } }>().errors.password[0];
      }),
    );
    expect(messages).toEqual(['This field is required', 'Este campo es obligatorio', '此字段为必填项']);
  });
});

describe('request language', () => {
  it('follows Accept-Language with q-values and falls back to en', () => {
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage('es-MX,es;q=0.9')).toBe('es');
    expect(pickLanguage('fr-FR, zh-CN;q=0.8, es;q=0.5')).toBe('zh');
    expect(pickLanguage('de, fr')).toBe('en');
  });
});

describe('a database that cannot be reached', () => {
  it('is 503 with a time to come back, in the error shape and the language, for every way it shows', () => {
    const ways: unknown[] = [
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      // As drizzle wraps it: the driver's error is the cause.
      Object.assign(new Error('Failed query: select 1'), {
        cause: new Error('Connection terminated unexpectedly'),
      }),
    ];
    for (const err of ways) {
      expect(databaseUnavailable(err)).toBe(true);
      const { body, headers: sent } = toApiError(err, 'es');
      expect(body).toEqual({ message: t('es', 'errors.unavailable'), errors: {}, statusCode: 503 });
      expect(sent).toEqual({ 'retry-after': '5' });
    }
    // What the database refused is not its absence.
    for (const code of ['23505', '40001', '42P01'])
      expect(databaseUnavailable(Object.assign(new Error('refused'), { code }))).toBe(false);
    expect(databaseUnavailable(new Error('something else'))).toBe(false);
  });
});
