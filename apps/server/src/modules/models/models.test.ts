import type { ListResponse, MakeItem, ModelItem } from '@parkade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../../test/harness';

interface ApiError {
  message: string;
  errors: Record<string, string[]>;
  statusCode: number;
}

let ctx: TestContext;
let token: string;
let tenantToken: string;
let tenantCode: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await login(ctx, await createCentralUser(ctx.database, 'admin'));
  const p = await createProperty(ctx.database);
  tenantCode = p.code;
  tenantToken = await login(ctx, await createTenantUser(ctx.database, p.id, 'parking-inspector'), p.code);
});
afterAll(() => ctx?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang?: string) =>
  ctx.app.inject({ method, url: `/api/central${url}`, headers: headers({ token, lang }), payload });
const post = async <T>(url: string, body: object) => {
  const res = await call('POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
};

describe('models', () => {
  it('belong to an existing make: a missing or unknown make is a 422 on makeId', async () => {
    const cases: [unknown, string][] = [
      [undefined, 'Este campo es obligatorio'],
      ['abc', 'Debe ser un número'],
      [0, 'Debe ser un número positivo'],
      [2147483000, 'El valor seleccionado no es válido'],
    ];
    for (const [makeId, message] of cases) {
      const res = await call('POST', '/models', { code: 'm-x', name: 'X', makeId }, 'es');
      expect(res.statusCode, String(makeId)).toBe(422);
      expect(res.json<ApiError>().errors).toEqual({ makeId: [message] });
    }
    const make = await post<MakeItem>('/makes', { code: 'zenvo', name: 'Zenvo' });
    const model = await post<ModelItem>('/models', { code: 'zenvo-tsr', name: 'TSR', makeId: make.id });
    const moved = await call('PUT', `/models/${model.id}`, {
      code: 'zenvo-tsr',
      name: 'TSR',
      makeId: 2147483000,
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json<ApiError>().errors).toEqual({ makeId: ['The selected value is invalid'] });
  });

  it('have a name unique within their make (ignoring case), and a code unique among all models', async () => {
    const a = await post<MakeItem>('/makes', { code: 'aptera', name: 'Aptera' });
    const b = await post<MakeItem>('/makes', { code: 'bollinger', name: 'Bollinger' });
    await post('/models', { code: 'aptera-launch', name: 'Launch Edition', makeId: a.id });
    const sameName = await call(
      'POST',
      '/models',
      { code: 'aptera-le', name: 'LAUNCH EDITION', makeId: a.id },
      'es',
    );
    expect(sameName.statusCode).toBe(422);
    expect(sameName.json<ApiError>().errors).toEqual({ name: ['Este valor ya está en uso'] });
    // Another make may have a model of that name; not with a code already taken.
    const sameCode = await call('POST', '/models', {
      code: 'APTERA-LAUNCH',
      name: 'Launch Edition',
      makeId: b.id,
    });
    expect(sameCode.json<ApiError>().errors).toEqual({ code: ['This value is already in use'] });
    await post('/models', { code: 'bollinger-launch', name: 'Launch Edition', makeId: b.id });
  });

  it('are listed by make with the make included, on both areas', async () => {
    const make = await post<MakeItem>('/makes', { code: 'rivian', name: 'Rivian' });
    const r1t = await post<ModelItem>('/models', { code: 'rivian-r1t', name: 'R1T', makeId: make.id });
    const r1s = await post<ModelItem>('/models', { code: 'rivian-r1s', name: 'R1S', makeId: make.id });
    const summary = { id: make.id, code: 'rivian', name: 'Rivian' };

    const res = await ctx.app.inject({
      method: 'GET',
      url: `/tenant/api/models?filter[makeId]=${make.id}&include=make&sort=name`,
      headers: headers({ tenant: tenantCode, token: tenantToken }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<ListResponse<ModelItem>>();
    expect(list.data.map((m) => [m.id, m.make])).toEqual([
      [r1s.id, summary],
      [r1t.id, summary],
    ]);
    expect(list.meta.total).toBe(2);
    // Without include the make stays out; the show route always carries it (the form's make select needs it).
    const plain = (await call('GET', `/models?filter[makeId]=${make.id}`)).json<ListResponse<ModelItem>>();
    expect(plain.data[0]).not.toHaveProperty('make');
    expect((await call('GET', `/models/${r1t.id}`)).json<ModelItem>().make).toEqual(summary);
    expect(r1t.make).toEqual(summary);
  });
});

describe('makes with models', () => {
  it('cannot be deleted while they have models: a 409 in the user language, nothing removed', async () => {
    const make = await post<MakeItem>('/makes', { code: 'lucid', name: 'Lucid' });
    const air = await post<ModelItem>('/models', { code: 'lucid-air', name: 'Air', makeId: make.id });
    for (const [lang, message] of [
      ['es', 'Esta marca aún tiene modelos: elimínelos o asígnelos a otra marca primero'],
      ['zh', '该品牌下仍有车型：请先删除这些车型或将其分配给其他品牌'],
    ] as const) {
      const res = await call('DELETE', `/makes/${make.id}`, undefined, lang);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message, errors: {}, statusCode: 409 });
    }
    expect((await call('GET', `/makes/${make.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/models/${air.id}`)).statusCode).toBe(200);

    expect((await call('DELETE', `/models/${air.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/makes/${make.id}`)).statusCode).toBe(200);
  });
});
