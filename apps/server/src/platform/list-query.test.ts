import { MAX_PAGE_SIZE, type ListResponse } from '@parkade/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binnacle } from '../modules/binnacle/table';
import { properties } from '../modules/properties/table';
import { roles } from '../modules/roles/table';
import { tenantUsers } from '../modules/users/table';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../test/harness';
import { HttpError } from './errors';
import { createScope, type Scope } from './scope';
import { belongsTo, defineListResource, hasMany, listValueError } from './list-query';

/**
 * The list engine against a real database: through the central binnacle route (HTTP, errors rendered) and
 * through resources declared here for what the binnacle does not use (booleans, custom filters, joins,
 * to-many includes, all=1).
 */

interface Entry {
  id: number;
  entity: string;
  entityId: string | null;
  action: string;
  userName: string | null;
  createdAt: string;
  property?: { id: number; code: string; name: string } | null;
}
interface ErrorBody {
  message: string;
  errors: Record<string, string[]>;
  statusCode: number;
}

let ctx: TestContext;
let token: string;
let p: { id: number; code: string; name: string };

beforeAll(async () => {
  ctx = await createTestContext();
  token = await login(ctx, await createCentralUser(ctx.database, 'admin'));
  p = await createProperty(ctx.database);
  const fixed = [
    ['residents', '1', 'create', 'Alice Smith', 'tenant-user', 10, 'tenant', '2026-01-05T10:00:00Z'],
    ['residents', '2', 'update', 'Bob Jones', 'tenant-user', 11, 'tenant', '2026-01-31T23:00:00Z'],
    ['vehicles', '1', 'delete', 'Carol 100%_Off', 'central-user', 5, 'central', '2026-02-01T00:00:00Z'],
    ['permits', '7', 'approve', null, null, null, 'tenant', '2026-02-10T08:30:00Z'],
    ['units', '3', 'update', 'alice smith', 'tenant-user', 12, 'tenant', '2025-12-31T23:59:59Z'],
  ] as const;
  const rows: (typeof binnacle.$inferInsert)[] = fixed.map(
    ([entity, entityId, action, userName, userType, userId, area, at]) => ({
      propertyId: p.id,
      entity,
      entityId,
      action,
      userName,
      userType,
      userId,
      area,
      createdAt: new Date(at),
    }),
  );
  // 60 older rows for paging.
  for (let i = 0; i < 60; i++)
    rows.push({
      propertyId: p.id,
      entity: 'spots',
      entityId: String(i),
      action: 'layout',
      userName: 'Pager',
      userType: 'tenant-user',
      userId: 13,
      area: 'tenant',
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
    });
  await ctx.database.withScope({ area: 'central' }, (tx) => tx.insert(binnacle).values(rows));
});
afterAll(() => ctx?.close());

/** GET the central binnacle narrowed to this file's property. */
async function get(query: string, lang?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/central/binnacle?filter[propertyId]=${p.id}${query ? `&${query}` : ''}`,
    headers: headers({ token, lang }),
  });
}
async function ok(query: string) {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<Entry>>();
}
const keys = (body: ListResponse<Entry>) => body.data.map((e) => `${e.entity}/${e.entityId}`);
async function bad(query: string, field: string, lang?: string) {
  const res = await get(query, lang);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<ErrorBody>();
  expect(body.statusCode).toBe(400);
  expect(body.message).toContain(field.replace(/^filter\[(.*)\]$/, '$1'));
  expect(Object.keys(body.errors)).toEqual([field]);
  return body;
}

describe('paging', () => {
  it('defaults to page 1 of 50 and reports the total and last page', async () => {
    const body = await ok('');
    expect(body.data).toHaveLength(50);
    expect(body.meta).toEqual({ page: 1, pageSize: 50, total: 65, lastPage: 2 });
  });

  it('reads page and pageSize, and answers an empty page past the end', async () => {
    expect((await ok('page=2')).meta).toEqual({ page: 2, pageSize: 50, total: 65, lastPage: 2 });
    expect((await ok('page=2')).data).toHaveLength(15);
    const past = await ok('page=3');
    expect(past.data).toEqual([]);
    expect(past.meta).toEqual({ page: 3, pageSize: 50, total: 65, lastPage: 2 });
    const small = await ok('pageSize=10&page=7');
    expect(small.data).toHaveLength(5);
    expect(small.meta).toEqual({ page: 7, pageSize: 10, total: 65, lastPage: 7 });
    expect((await ok(`pageSize=${MAX_PAGE_SIZE}`)).data).toHaveLength(65);
  });

  it('pages never overlap, even when the sort has ties', async () => {
    const seen = new Set<number>();
    for (let page = 1; page <= 7; page++) {
      const body = await ok(`sort=entity&pageSize=10&page=${page}`);
      for (const e of body.data) seen.add(e.id);
    }
    expect(seen.size).toBe(65);
  });

  it('refuses malformed page and pageSize values, naming them', async () => {
    await bad('page=0', 'page');
    await bad('page=-1', 'page');
    await bad('page=1.5', 'page');
    await bad('page=abc', 'page');
    await bad('pageSize=abc', 'pageSize');
    await bad('pageSize=0', 'pageSize');
    const tooBig = await bad(`pageSize=${MAX_PAGE_SIZE + 1}`, 'pageSize');
    expect(tooBig.errors.pageSize![0]).toContain(String(MAX_PAGE_SIZE));
    await bad('page=1&page=2', 'page');
  });

  it('treats empty values as absent', async () => {
    expect((await ok('page=&pageSize=&sort=&include=&filter[entity]=')).meta.total).toBe(65);
  });

  it('refuses all=1 where the resource does not allow it (a large log)', async () => {
    await bad('all=1', 'all');
  });
});

describe('filters', () => {
  it('matches any of comma-separated values', async () => {
    expect(keys(await ok('filter[entity]=residents,vehicles'))).toEqual([
      'vehicles/1',
      'residents/2',
      'residents/1',
    ]);
    expect(keys(await ok('filter[entityId]=1&filter[entity]=residents, vehicles'))).toEqual([
      'vehicles/1',
      'residents/1',
    ]);
  });

  it('reads numeric filters and refuses non-numbers', async () => {
    expect(keys(await ok('filter[userId]=10,11'))).toEqual(['residents/2', 'residents/1']);
    const err = await bad('filter[userId]=abc', 'filter[userId]');
    expect(err.message).toBe('Invalid value for filter[userId]: Must be a whole number');
    await bad('filter[userId]=1,2x', 'filter[userId]');
  });

  it('reads enum filters, with null where declared, and refuses other values', async () => {
    expect(keys(await ok('filter[userType]=central-user'))).toEqual(['vehicles/1']);
    expect(keys(await ok('filter[userType]=null'))).toEqual(['permits/7']);
    expect(keys(await ok('filter[userType]=null,central-user'))).toEqual(['permits/7', 'vehicles/1']);
    expect(keys(await ok('filter[area]=central'))).toEqual(['vehicles/1']);
    await bad('filter[userType]=robot', 'filter[userType]');
    await bad('filter[area]=null', 'filter[area]');
  });

  it('reads date ranges inclusive at both ends, open at either', async () => {
    expect(keys(await ok('filter[createdAt]=2026-01-01,2026-01-31'))).toEqual(['residents/2', 'residents/1']);
    expect(keys(await ok('filter[createdAt]=2026-02-01,'))).toEqual(['permits/7', 'vehicles/1']);
    expect(keys(await ok('filter[createdAt]=,2025-12-31&pageSize=1')).length).toBe(1);
    expect((await ok('filter[createdAt]=,2025-12-31')).meta.total).toBe(61);
    expect((await ok('filter[createdAt]=2026-01-01')).meta.total).toBe(4);
    expect(keys(await ok('filter[createdAt]=2026-01-31T22:00:00Z,2026-02-01T00:00:00.000Z'))).toEqual([
      'vehicles/1',
      'residents/2',
    ]);
    // Offsets (encoded +) and date-times without a zone (UTC).
    expect(keys(await ok('filter[createdAt]=2026-02-01T01:00:00%2B01:00,2026-02-01T00:00'))).toEqual([
      'vehicles/1',
    ]);
    expect((await ok('filter[createdAt]=,')).meta.total).toBe(65);
  });

  it('refuses bad dates and bad ranges, naming the filter', async () => {
    for (const v of ['2026-13-01', '2026-02-30', 'yesterday', '2026-01-01T25:00Z', '1700000000'])
      await bad(`filter[createdAt]=${v}`, 'filter[createdAt]');
    const order = await bad('filter[createdAt]=2026-02-01,2026-01-01', 'filter[createdAt]');
    expect(order.errors['filter[createdAt]']).toEqual(['The start of the range must be before its end']);
    await bad('filter[createdAt]=2026-01-01,2026-01-02,2026-01-03', 'filter[createdAt]');
  });

  it('refuses unknown filters with the allowed list', async () => {
    const err = await bad('filter[colour]=red', 'filter[colour]');
    expect(err.message).toMatch(/^Unknown filter: colour\. Allowed: entity, entityId, userId/);
    expect(err.message).toContain('term');
    expect(err.errors['filter[colour]']).toEqual(['This field is not accepted']);
    await bad('filter[entity]=a&filter[entity]=b', 'filter[entity]');
  });

  it('speaks the request language', async () => {
    const es = await bad('filter[colour]=red', 'filter[colour]', 'es');
    expect(es.message).toMatch(/^Filtro desconocido: colour/);
    const zh = await bad('page=0', 'page', 'zh');
    expect(zh.errors.page).toEqual(['不能小于 1']);
  });
});

describe('filter[term]', () => {
  it('searches the declared columns case-insensitively; every word must match', async () => {
    expect(keys(await ok('filter[term]=ALICE'))).toEqual(['residents/1', 'units/3']);
    expect(keys(await ok('filter[term]=alice create'))).toEqual(['residents/1']);
    expect(keys(await ok('filter[term]=resid'))).toEqual(['residents/2', 'residents/1']);
    expect(keys(await ok('filter[term]=nobody'))).toEqual([]);
    expect(keys(await ok('filter[term]=%20%20'))).toHaveLength(50);
  });

  it('counts the matches with the page itself, on every page and past the last', async () => {
    const meta = { pageSize: 25, total: 60, lastPage: 3 };
    const first = await ok('filter[term]=pager&pageSize=25');
    expect(first.data).toHaveLength(25);
    expect(first.meta).toEqual({ page: 1, ...meta });
    const second = await ok('filter[term]=pager&pageSize=25&page=2');
    expect(second.meta).toEqual({ page: 2, ...meta });
    expect(second.data.map((e) => e.id)).not.toContain(first.data[0]!.id);
    const last = await ok('filter[term]=pager&pageSize=25&page=3');
    expect(last.data).toHaveLength(10);
    expect(last.meta).toEqual({ page: 3, ...meta });
    const past = await ok('filter[term]=pager&pageSize=25&page=4');
    expect(past.data).toEqual([]);
    expect(past.meta).toEqual({ page: 4, ...meta });
    // The items carry only their own fields, not the count.
    expect(Object.keys(first.data[0]!)).not.toContain('__list_total');
  });

  it('takes % and _ literally', async () => {
    expect(keys(await ok('filter[term]=100%25'))).toEqual(['vehicles/1']);
    expect(keys(await ok('filter[term]=_'))).toEqual(['vehicles/1']);
  });

  it('refuses an overlong term', async () => {
    await bad(`filter[term]=${'x'.repeat(300)}`, 'filter[term]');
  });
});

describe('sort', () => {
  it('sorts ascending, descending (minus) and by several fields', async () => {
    const narrow = 'filter[entity]=residents,vehicles,permits,units';
    expect(keys(await ok(`${narrow}&sort=createdAt`))).toEqual([
      'units/3',
      'residents/1',
      'residents/2',
      'vehicles/1',
      'permits/7',
    ]);
    expect(keys(await ok(`${narrow}&sort=entity,-createdAt`))).toEqual([
      'permits/7',
      'residents/2',
      'residents/1',
      'units/3',
      'vehicles/1',
    ]);
    expect(keys(await ok(`${narrow}&sort=-entity,createdAt`))).toEqual([
      'vehicles/1',
      'units/3',
      'residents/1',
      'residents/2',
      'permits/7',
    ]);
  });

  it('refuses unknown and repeated sort fields', async () => {
    const err = await bad('sort=-colour', 'sort');
    expect(err.message).toMatch(/^Unknown sort field: colour\. Allowed: createdAt, id, entity/);
    await bad('sort=entity,-entity', 'sort');
  });
});

describe('include', () => {
  it('embeds related rows, and nested ones', async () => {
    const body = await ok('include=property&pageSize=2');
    expect(body.data.map((e) => e.property)).toEqual([
      { id: p.id, code: p.code, name: p.name },
      { id: p.id, code: p.code, name: p.name },
    ]);
    const without = await ok('pageSize=1');
    expect(without.data[0]).not.toHaveProperty('property');
  });

  it('refuses unknown includes, at any depth', async () => {
    const err = await bad('include=owner', 'include');
    expect(err.message).toBe('Unknown include: owner. Allowed: property, user, user.role');
    await bad('include=property.owner', 'include');
    const nested = await bad('include=user.boss', 'include');
    expect(nested.message).toContain('user.boss');
  });
});

describe('parameters', () => {
  it('refuses unknown parameters, naming them', async () => {
    const err = await bad('colour=red', 'colour');
    expect(err.message).toMatch(
      /^Unknown parameter: colour\. Allowed: page, pageSize, sort, include, filter\[/,
    );
    await bad('filter=abc', 'filter');
    await bad('filter[]=abc', 'filter[]');
  });

  it('documents the query in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json<{
      paths: Record<string, { get: { parameters: { name: string; in: string }[] } }>;
    }>();
    const names = doc.paths['/api/central/binnacle']!.get.parameters.filter((x) => x.in === 'query').map(
      (x) => x.name,
    );
    expect(names).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'sort', 'include', 'filter[term]', 'filter[createdAt]']),
    );
    expect(names).not.toContain('all');
  });
});

describe('resources declared elsewhere', () => {
  // Properties with their staff (to-many) and each staff member's role (nested), a boolean and a custom filter.
  const propertyList = defineListResource({
    table: properties,
    select: { id: properties.id, code: properties.code, name: properties.name, active: properties.active },
    filters: {
      active: { type: 'boolean', column: properties.active },
      code: { type: 'string', column: properties.code },
      staff: {
        type: 'custom',
        description: 'has staff: 1 or 0',
        where: (values, q) => {
          if (values[0] !== '1' && values[0] !== '0')
            throw listValueError(q, 'filter[staff]', 'validation.boolean');
          const exists = sql`exists (select 1 from tenant_users u where u.property_id = ${properties.id})`;
          return values[0] === '1' ? exists : sql`not ${exists}`;
        },
      },
    },
    term: [properties.name, properties.code],
    sorts: { name: properties.name, code: properties.code },
    defaultSort: 'code',
    maxAll: 3,
    includes: {
      users: hasMany({
        load: (c, ids) =>
          c.tx
            .select({
              id: tenantUsers.id,
              propertyId: tenantUsers.propertyId,
              fullName: tenantUsers.fullName,
              roleId: tenantUsers.roleId,
            })
            .from(tenantUsers)
            .where(inArray(tenantUsers.propertyId, ids.map(Number)))
            .orderBy(tenantUsers.id),
        foreignKey: (u) => u.propertyId,
        includes: {
          role: belongsTo({
            load: (c, ids) =>
              c.tx
                .select({ id: roles.id, name: roles.name })
                .from(roles)
                .where(inArray(roles.id, ids.map(Number))),
            key: (u: { roleId: number | null }) => u.roleId,
          }),
        },
      }),
    },
  });

  // Staff joined with their role: filter and sort on the joined column; items serialized by the resource.
  const staffList = defineListResource({
    table: tenantUsers,
    select: { id: tenantUsers.id, fullName: tenantUsers.fullName, roleName: roles.name },
    joins: (q) => q.leftJoin(roles, eq(roles.id, tenantUsers.roleId)),
    filters: { role: { type: 'string', column: roles.name } },
    sorts: { roleName: roles.name, fullName: tenantUsers.fullName },
    defaultSort: 'fullName',
    serialize: (r) => ({ id: r.id, label: `${r.fullName} (${r.roleName ?? '-'})` }),
  });

  let codes: string[];
  beforeAll(async () => {
    const tag = `zz${Date.now().toString(36)}`;
    const made = [];
    for (const [i, active] of [true, true, false, true].entries())
      made.push(
        await createProperty(ctx.database, { code: `${tag}${i}`, name: `Tagged ${tag} ${i}`, active }),
      );
    codes = made.map((m) => m.code);
    await createTenantUser(ctx.database, made[0]!.id, 'manager', { fullName: 'Ann Staff' });
    await createTenantUser(ctx.database, made[0]!.id, 'assistant', { fullName: 'Ben Staff' });
    await createTenantUser(ctx.database, made[1]!.id, 'parking-inspector', { fullName: 'Cy Staff' });
  });

  /** Runs a resource in a central-scope transaction, as a route handler would. */
  function run<T>(list: { list: (c: Scope, query: string) => Promise<T> }, query: string) {
    return ctx.database.withScope({ area: 'central' }, (tx) =>
      list.list(createScope({ tx, services: ctx.services, area: 'central', property: null }).scope, query),
    );
  }
  const tagged = () => `filter[code]=${codes.join(',')}`;

  it('reads boolean filters and refuses other values', async () => {
    const active = await run(propertyList, `${tagged()}&filter[active]=1`);
    expect(active.data.map((r) => r.code)).toEqual([codes[0], codes[1], codes[3]]);
    const inactive = await run(propertyList, `${tagged()}&filter[active]=false`);
    expect(inactive.data.map((r) => r.code)).toEqual([codes[2]]);
    await expect(run(propertyList, `${tagged()}&filter[active]=yes`)).rejects.toMatchObject({
      statusCode: 400,
      messageKey: 'errors.invalidListValue',
      fields: { 'filter[active]': [{ key: 'validation.boolean' }] },
    });
  });

  it('searches several columns with ILIKE when the resource lists columns', async () => {
    const all = await run(propertyList, `${tagged()}&filter[term]=TAGGED ${codes[2]!.toUpperCase()}`);
    expect(all.data.map((r) => r.code)).toEqual([codes[2]]);
    expect((await run(propertyList, `${tagged()}&filter[term]=tagged`)).meta.total).toBe(4);
    // A full page of a term: the total comes with the page (not keys first).
    const paged = await run(propertyList, `${tagged()}&filter[term]=tagged&pageSize=3&sort=code`);
    expect(paged.meta).toEqual({ page: 1, pageSize: 3, total: 4, lastPage: 2 });
    expect(paged.data.map((r) => r.code)).toEqual([...codes].sort().slice(0, 3));
    expect(Object.keys(paged.data[0]!)).not.toContain('__list_total');
  });

  it('runs custom filters, which may refuse values themselves', async () => {
    const staffed = await run(propertyList, `${tagged()}&filter[staff]=1`);
    expect(staffed.data.map((r) => r.code)).toEqual([codes[0], codes[1]]);
    const err = await run(propertyList, `${tagged()}&filter[staff]=maybe`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).params).toMatchObject({ field: 'filter[staff]' });
  });

  it('loads to-many includes with their nested includes in one batch per level', async () => {
    const body = await run(propertyList, `${tagged()}&include=users.role&sort=-code`);
    const byCode = new Map(body.data.map((r) => [r.code, r as typeof r & { users: unknown[] }]));
    expect(byCode.get(codes[0]!)!.users).toMatchObject([
      { fullName: 'Ann Staff', role: { name: 'manager' } },
      { fullName: 'Ben Staff', role: { name: 'assistant' } },
    ]);
    expect(byCode.get(codes[1]!)!.users).toMatchObject([
      { fullName: 'Cy Staff', role: { name: 'parking-inspector' } },
    ]);
    expect(byCode.get(codes[2]!)!.users).toEqual([]);
    expect(body.data.map((r) => r.code)).toEqual([...codes].reverse());
  });

  it('returns every row with all=1, up to the resource’s limit', async () => {
    const three = await run(propertyList, `filter[code]=${codes.slice(0, 3).join(',')}&all=1&pageSize=1`);
    expect(three.data).toHaveLength(3);
    expect(three.meta).toEqual({ page: 1, pageSize: 3, total: 3, lastPage: 1 });
    await expect(run(propertyList, `${tagged()}&all=1`)).rejects.toMatchObject({
      statusCode: 400,
      messageKey: 'errors.listTooLarge',
    });
    await expect(run(propertyList, `${tagged()}&all=maybe`)).rejects.toMatchObject({
      fields: { all: [{ key: 'validation.boolean' }] },
    });
    expect((await run(propertyList, `${tagged()}&all=0&pageSize=2`)).meta.lastPage).toBe(2);
  });

  it('filters and sorts on joined columns, and serializes items its own way', async () => {
    const staff = await run(staffList, 'filter[role]=manager,assistant&sort=roleName');
    const labels = staff.data.map((r) => r.label);
    expect(labels).toEqual(expect.arrayContaining(['Ben Staff (assistant)', 'Ann Staff (manager)']));
    expect(labels.indexOf('Ben Staff (assistant)')).toBeLessThan(labels.indexOf('Ann Staff (manager)'));
    expect(labels.some((l) => l.startsWith('Cy Staff'))).toBe(false);
    expect(staff.meta.total).toBe(staff.data.length);
    await expect(run(staffList, 'filter[term]=ann')).rejects.toMatchObject({
      messageKey: 'errors.unknownListField',
      params: { field: 'term', allowed: 'role' },
    });
  });
});
