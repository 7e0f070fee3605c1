import { zoneCodeFromName, type ListResponse, type ZoneItem } from '@parkade/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCentralUser,
  createProperty,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { properties } from '../properties/table';

interface ApiError {
  message: string;
  errors: Record<string, string[]>;
  statusCode: number;
}

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await login(ctx, await createCentralUser(ctx.database, 'admin'));
});
afterAll(() => ctx?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang?: string) =>
  ctx.app.inject({ method, url: `/api/central${url}`, headers: headers({ token, lang }), payload });
const zone = { county: 'Travis', cities: ['Austin'], zipCodes: ['78701'] };
const create = async (body: object) => {
  const res = await call('POST', '/zones', { ...zone, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ZoneItem>();
};

describe('zone codes', () => {
  it('are generated from the name when none is sent, unique by a suffix, within 50 characters', async () => {
    const a = await create({ name: 'Zona Río Grande — Norte' });
    expect(a.code).toBe('zona-rio-grande-norte');
    expect((await create({ name: 'ZONA RIO GRANDE NORTE', code: '' })).code).toBe('zona-rio-grande-norte-2');
    expect((await create({ name: 'Zona Rio Grande Norte', code: null })).code).toBe(
      'zona-rio-grande-norte-3',
    );

    const long = 'Greater Northwest Metropolitan Corridor of the Twin Lakes';
    const first = await create({ name: long });
    expect(first.code).toBe(zoneCodeFromName(long));
    expect(first.code).toHaveLength(50);
    const second = await create({ name: long });
    expect(second.code).toHaveLength(50);
    expect(second.code).toBe(`${first.code.slice(0, 48)}-2`);

    // A name with no latin letters or digits still gets a code.
    expect((await create({ name: '北区' })).code).toMatch(/^zone(-\d+)?$/);
  });

  it('may be given (any text up to 50), is unique ignoring case, and is kept when an update sends none', async () => {
    const given = await create({ name: 'Downtown', code: 'DT Core #1' });
    expect(given.code).toBe('DT Core #1');
    const taken = await call('POST', '/zones', { ...zone, name: 'Other', code: 'dt core #1' }, 'es');
    expect(taken.statusCode).toBe(422);
    expect(taken.json<ApiError>().errors).toEqual({ code: ['Este valor ya está en uso'] });
    const long = await call('POST', '/zones', { ...zone, name: 'Other', code: 'x'.repeat(51) });
    expect(long.json<ApiError>().errors).toEqual({ code: ['Must be at most 50 characters'] });

    const renamed = await call('PUT', `/zones/${given.id}`, { ...zone, name: 'Downtown Core' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<ZoneItem>()).toMatchObject({ code: 'DT Core #1', name: 'Downtown Core' });
  });
});

describe('zone fields', () => {
  it('take 5-digit zip codes only, with the error on each bad entry, in the request language', async () => {
    const res = await call(
      'POST',
      '/zones',
      {
        name: 'Bad zips',
        county: 'Travis',
        cities: ['Austin'],
        zipCodes: ['7870', '78701', 'abcde', 787011],
      },
      'es',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<ApiError>().errors).toEqual({
      'zipCodes.0': ['El código postal debe tener 5 dígitos'],
      'zipCodes.2': ['El código postal debe tener 5 dígitos'],
      'zipCodes.3': ['Debe ser texto'],
    });
    const zh = await call('POST', '/zones', { name: 'Bad', county: 'X', zipCodes: ['1234'] }, 'zh');
    expect(zh.json<ApiError>().errors).toEqual({ 'zipCodes.0': ['邮政编码必须为 5 位数字'] });

    const missing = await call('POST', '/zones', { name: 'No county', cities: 'Austin' }, 'es');
    expect(missing.json<ApiError>().errors).toEqual({
      county: ['Este campo es obligatorio'],
      cities: ['Debe ser una lista'],
    });
  });

  it('store cities and zip codes once each, and are searched and filtered', async () => {
    const z = await create({
      name: 'Hill Country',
      county: 'Hays',
      cities: ['San Marcos', 'Kyle', 'Kyle'],
      zipCodes: [' 78666 ', '78640', '78666'],
    });
    expect(z).toMatchObject({ cities: ['San Marcos', 'Kyle'], zipCodes: ['78666', '78640'] });
    const ids = async (q: string) =>
      (await call('GET', `/zones?${q}`)).json<ListResponse<ZoneItem>>().data.map((r) => r.id);
    expect(await ids('filter[term]=san marcos')).toEqual([z.id]);
    expect(await ids('filter[term]=78640')).toEqual([z.id]);
    expect(await ids('filter[county]=HAYS')).toEqual([z.id]);
    expect(await ids('filter[term]=hays&sort=-county')).toEqual([z.id]);
  });

  it('keep the zip codes grouped by the city they were chosen under, across an edit', async () => {
    const z = await create({
      name: 'Metro North',
      cities: ['Austin', 'Round Rock'],
      zipCodes: ['78701', '78702', '78664', '78999'],
      // A city the zone does not have and a zip code it does not hold are dropped; a zip is under one city.
      zipCodesByCity: { Austin: ['78701', '78702'], 'Round Rock': ['78664', '78701'], Dallas: ['75201'] },
    });
    expect(z.zipCodesByCity).toEqual({ Austin: ['78701', '78702'], 'Round Rock': ['78664'] });
    const got = (await call('GET', `/zones/${z.id}`)).json<ZoneItem>();
    expect(got.zipCodesByCity).toEqual({ Austin: ['78701', '78702'], 'Round Rock': ['78664'] });
    const edited = await call('PUT', `/zones/${z.id}`, {
      ...zone,
      name: 'Metro North',
      cities: ['Austin'],
      zipCodes: ['78701'],
      zipCodesByCity: { Austin: ['78701'] },
    });
    expect(edited.json<ZoneItem>().zipCodesByCity).toEqual({ Austin: ['78701'] });
  });
});

describe('zones and properties', () => {
  it('refuse deleting a zone that still holds properties (409, translated), and allow it once empty', async () => {
    const z = await create({ name: 'Occupied' });
    const p = await createProperty(ctx.database, { zoneId: z.id });
    const refused = await call('DELETE', `/zones/${z.id}`, undefined, 'es');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Todavía hay propiedades en esta zona: muévalas primero a otra zona',
      errors: {},
      statusCode: 409,
    });
    expect((await call('GET', `/zones/${z.id}`)).statusCode).toBe(200);

    await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.update(properties).set({ zoneId: null }).where(eq(properties.id, p.id)),
    );
    expect((await call('DELETE', `/zones/${z.id}`)).statusCode).toBe(200);
  });
});
