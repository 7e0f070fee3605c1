import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCentralUser,
  createProperty,
  createTestContext,
  formPayload,
  headers,
  login,
  type TestContext,
} from '../test/harness';
import { findForbidden, hasForbiddenCharacter } from './input';

/** Issue 14, item 9 (decision 0015): control characters never reach the database, whatever part carries them. */
describe('hasForbiddenCharacter', () => {
  it('refuses NUL and the other control characters, DEL, C1 and lone surrogates', () => {
    for (const bad of [
      'a\u0000b',
      '\u0001',
      'x\u000b',
      '\u001f',
      '\u007f',
      '\u0085',
      '\u009f',
      'a\ud800',
      '\udc00b',
    ])
      expect(hasForbiddenCharacter(bad), JSON.stringify(bad)).toBe(true);
  });

  it('keeps tabs, line breaks and every real character, emoji and Chinese included', () => {
    for (const good of ['Line one\nline two', 'a\tb\r\n', 'Ñandú', '停车场', '🚗 P-1', '', 'plain'])
      expect(hasForbiddenCharacter(good), JSON.stringify(good)).toBe(false);
  });

  it('names the first offending field by its path, keys included', () => {
    expect(findForbidden({ name: 'ok', address: { city: 'Aus\u0000tin' } })).toBe('address.city');
    expect(findForbidden({ ids: ['1', '2', '\u0007'] })).toBe('ids.2');
    expect(findForbidden({ 'bad\u0000key': 1 })).toBe('bad?key');
    expect(findForbidden({ name: 'fine', n: 3, b: true, none: null })).toBeNull();
  });
});

describe('requests holding control characters', () => {
  let ctx: TestContext;
  let token: string;
  let propertyId: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    token = await login(ctx, await createCentralUser(ctx.database, 'admin'));
    propertyId = (await createProperty(ctx.database)).id;
  });
  afterAll(() => ctx?.close());

  const expect422 = (res: { statusCode: number; json: () => unknown }, field: string) => {
    expect(res.statusCode).toBe(422);
    const body = res.json() as { message: string; errors: Record<string, string[]>; statusCode: number };
    expect(body.statusCode).toBe(422);
    expect(Object.keys(body.errors)).toEqual([field]);
    return body;
  };

  it.each(['warnings', 'reasons', 'makes'])(
    'answers 422 on the field, not 500, for a NUL in a %s name (the case found)',
    async (resource) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/central/${resource}`,
        headers: headers({ token }),
        payload: { code: 'NUL1', name: 'Tow\u0000away' },
      });
      const body = expect422(res, 'name');
      expect(body.errors.name).toEqual(['Contains characters that are not allowed (control characters)']);
    },
  );

  it('says so in the request language', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/central/reasons',
      headers: headers({ token, lang: 'es' }),
      payload: { code: 'NUL2', name: 'x\u0001' },
    });
    expect(expect422(res, 'name').errors.name).toEqual([
      'Contiene caracteres no permitidos (caracteres de control)',
    ]);
  });

  it('refuses them in a query string, named by the parameter', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/central/warnings?filter[term]=a%00b',
      headers: headers({ token }),
    });
    expect422(res, 'filter[term]');
  });

  it('refuses them in a path parameter', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/central/warnings/1%00',
      headers: headers({ token }),
    });
    expect422(res, 'id');
  });

  it('refuses them in a header before the header is used (the selected property)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/central/buildings',
      headers: { ...headers({ token }), 'x-property': `${propertyId}\u0001` },
    });
    expect422(res, 'x-property');
  });

  it('refuses them in a multipart text field', async () => {
    const fd = new FormData();
    fd.append('note', 'bad\u0000value');
    const { payload, contentType } = await formPayload(fd);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/central/properties/${propertyId}/logo`,
      headers: { ...headers({ token }), 'content-type': contentType },
      payload,
    });
    expect422(res, 'note');
  });

  it('keeps multi-line text and every script', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/central/reasons',
      headers: headers({ token }),
      payload: { code: 'OK1', name: 'Bloquea la salida 停车\tline' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
