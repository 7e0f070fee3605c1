/**
 * The catalog factory through the six code/name catalogs, one table of cases: CRUD from central with its audit
 * entries, validation and uniqueness in the request's language, the list engine's names, and a property's staff
 * reading but never writing.
 */
import type { ListResponse } from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binnacle } from '../modules/binnacle/table';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../test/harness';

interface Item {
  id: number;
  code: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  [k: string]: unknown;
}
interface ApiError {
  message: string;
  errors: Record<string, string[]>;
  statusCode: number;
}

const CASES = [
  { resource: 'states', entity: 'states', one: { en: 'state', es: 'estado' } },
  { resource: 'warnings', entity: 'warnings', one: { en: 'warning', es: 'aviso' } },
  { resource: 'reasons', entity: 'reasons', one: { en: 'reason', es: 'motivo' } },
  { resource: 'tows', entity: 'tows', one: { en: 'tow', es: 'remolque' } },
  { resource: 'permit-types', entity: 'permit_types', one: { en: 'permit type', es: 'tipo de permiso' } },
  { resource: 'makes', entity: 'makes', one: { en: 'make', es: 'marca' } },
] as const;

let ctx: TestContext;
let property: { id: number; code: string };
let adminToken: string;
let centralManagerToken: string;
let tenantToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  property = await createProperty(ctx.database);
  adminToken = await login(ctx, await createCentralUser(ctx.database, 'admin'));
  // A central manager reads the catalogs but may not change them (roles-and-permissions.md).
  centralManagerToken = await login(ctx, await createCentralUser(ctx.database, 'manager'));
  tenantToken = await login(ctx, await createTenantUser(ctx.database, property.id, 'admin'), property.code);
});
afterAll(() => ctx?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const central = (method: Method, url: string, payload?: object, lang?: string, token = adminToken) =>
  ctx.app.inject({ method, url: `/api/central${url}`, headers: headers({ token, lang }), payload });
const tenant = (method: Method, url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: property.code, token: tenantToken }),
    payload,
  });

let seq = 0;
/** A code no seed and no other case uses. */
const freshCode = (prefix: string) => `${prefix}-${process.pid}-${++seq}`;

describe.each(CASES)('/$resource', ({ resource, entity, one }) => {
  const path = `/${resource}`;

  it('creates, shows, lists, replaces and deletes from central, auditing every write', async () => {
    const code = freshCode('Alpha');
    const created = await central('POST', path, { code: `  ${code} `, name: ' Alpha Crescent ' });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json<Item>();
    expect(item).toMatchObject({ code, name: 'Alpha Crescent' });
    expect(item.id).toBeGreaterThan(0);
    expect(Date.parse(item.createdAt)).not.toBeNaN();

    expect((await central('GET', `${path}/${item.id}`)).json()).toEqual(item);
    // Code and name filters ignore case; the term searches both; unknown names are a 400.
    const byCode = await central('GET', `${path}?filter[code]=${code.toUpperCase()}`);
    expect(byCode.json<ListResponse<Item>>().data.map((i) => i.id)).toEqual([item.id]);
    const byTerm = await central('GET', `${path}?filter[term]=crescent ${code.slice(0, 8)}`);
    expect(byTerm.json<ListResponse<Item>>().data.map((i) => i.id)).toEqual([item.id]);
    const bad = await central('GET', `${path}?filter[county]=x&sort=-name`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().message).toContain('county');

    const replaced = await central('PUT', `${path}/${item.id}`, { code, name: 'Beta Crescent' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<Item>()).toMatchObject({ id: item.id, code, name: 'Beta Crescent' });

    const deleted = await central('DELETE', `${path}/${item.id}`, undefined, 'es');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: `Se eliminó el registro de ${one.es}` });

    // The show, edit and delete screens get a 404 naming the catalog in the user's language.
    for (const [method, lang, message] of [
      ['GET', 'es', `No se encontró el registro de ${one.es}`],
      ['PUT', 'en', `The ${one.en} was not found`],
      ['DELETE', 'en', `The ${one.en} was not found`],
    ] as const) {
      const res = await central(
        method,
        `${path}/${item.id}`,
        method === 'PUT' ? { code, name: 'x' } : undefined,
        lang,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message, errors: {}, statusCode: 404 });
    }

    const log = await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx
        .select()
        .from(binnacle)
        .where(and(eq(binnacle.entity, entity), eq(binnacle.entityId, String(item.id))))
        .orderBy(binnacle.id),
    );
    expect(log.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(log.every((e) => e.propertyId === null && e.area === 'central')).toBe(true);
    expect(log[1]!.changes).toEqual({ name: { old: 'Alpha Crescent', new: 'Beta Crescent' } });
  });

  it('answers invalid fields and a taken code (ignoring case) with 422 on the field, in Spanish', async () => {
    const invalid = await central('POST', path, { code: '   ', name: 'n'.repeat(256) }, 'es');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json<ApiError>().errors).toEqual({
      code: ['Este campo es obligatorio'],
      name: ['Debe tener como máximo 255 caracteres'],
    });
    const long = await central('POST', path, { code: 'c'.repeat(51) }, 'es');
    expect(long.json<ApiError>().errors).toEqual({
      code: ['Debe tener como máximo 50 caracteres'],
      name: ['Este campo es obligatorio'],
    });

    const code = freshCode('Taken');
    const first = (await central('POST', path, { code, name: 'First' })).json<Item>();
    const dup = await central('POST', path, { code: code.toLowerCase(), name: 'Second' }, 'es');
    expect(dup.statusCode).toBe(422);
    expect(dup.json<ApiError>().errors).toEqual({ code: ['Este valor ya está en uso'] });
    const other = (await central('POST', path, { code: freshCode('Other'), name: 'Other' })).json<Item>();
    const clash = await central('PUT', `${path}/${other.id}`, { code: code.toUpperCase(), name: 'Other' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json<ApiError>().errors).toEqual({ code: ['This value is already in use'] });
    // Its own code again is no clash.
    expect((await central('PUT', `${path}/${first.id}`, { code, name: 'First again' })).statusCode).toBe(200);
  });

  it("lets a property's staff and a central manager read, and only central admins write", async () => {
    const row = (await central('POST', path, { code: freshCode('Shared'), name: 'Shared row' })).json<Item>();

    const list = await tenant('GET', `${path}?filter[code]=${row.code}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<ListResponse<Item>>().data).toEqual([row]);
    expect((await tenant('GET', `${path}/${row.id}`)).json()).toEqual(row);

    // The tenant API has no write routes for a global catalog: a property cannot change what every property sees.
    for (const [method, url] of [
      ['POST', path],
      ['PUT', `${path}/${row.id}`],
      ['DELETE', `${path}/${row.id}`],
    ] as const) {
      const res = await tenant(method, url, method === 'DELETE' ? undefined : { code: 'x', name: 'Hacked' });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      const denied = await central(
        method,
        url,
        method === 'DELETE' ? undefined : { code: 'x', name: 'Hacked' },
        'en',
        centralManagerToken,
      );
      expect(denied.statusCode, `${method} ${url} as a central manager`).toBe(403);
    }
    expect((await central('GET', `${path}/${row.id}`, undefined, 'en', centralManagerToken)).json()).toEqual(
      row,
    );
  });
});
