import type { ListResponse, Property, PropertyListItem } from '@parkade/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptSecret } from '../../platform/secrets';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { zones } from '../zones/table';
import { properties } from './table';

/* GET /properties and GET /properties/:id (central), on a real database of this file's own properties. */

let ctx: TestContext;
let token: string;
const SMTP_PASSWORD = 'smtp-secret-Zq81';
const ids: Record<string, number> = {};
let north: number;
let south: number;
let sealed: string;

async function zone(code: string, name: string) {
  return ctx.database.withScope({ area: 'central' }, async (tx) => {
    const [row] = await tx.insert(zones).values({ code, name, county: 'Travis' }).returning();
    return row!.id;
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  north = await zone('N', 'North');
  south = await zone('S', 'South');
  sealed = encryptSecret(ctx.env.secretKey, SMTP_PASSWORD);
  const rows = [
    { code: 'alder', name: 'Alder Heights', city: 'Austin', state: 'Texas', type: 'house', zoneId: north },
    { code: 'birch', name: 'Birch Offices', city: 'Austin', state: 'Texas', type: 'office', zoneId: north },
    { code: 'cedar', name: 'Cedar Homes', city: 'Dallas', state: 'Texas', type: 'house', zoneId: south },
    {
      code: 'dogwood',
      name: 'Dogwood Place',
      city: 'Portland',
      state: 'Oregon',
      type: 'other',
      zoneId: null,
    },
    {
      code: 'elm',
      name: 'Elm Lofts',
      city: 'Portland',
      state: 'Oregon',
      type: 'house',
      zoneId: null,
      active: false,
    },
  ] as const;
  for (const r of rows) {
    const p = await createProperty(ctx.database, {
      ...r,
      address: `${r.name.split(' ')[0]} Street 1`,
      mailUsername: 'mailer',
      mailHost: 'smtp.example.com',
      mailPort: 587,
      mailPasswordEncrypted: sealed,
    });
    ids[r.code] = p.id;
  }
  const admin = await createCentralUser(ctx.database, 'admin');
  token = await login(ctx, admin);
});
afterAll(() => ctx?.close());

const get = (path: string, t = token) =>
  ctx.app.inject({ method: 'GET', url: `/api/central${path}`, headers: headers({ token: t }) });

async function list(query = '') {
  const res = await get(`/properties${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<PropertyListItem>>();
}
const codes = (r: ListResponse<PropertyListItem>) => r.data.map((p) => p.code);

describe('GET /properties', () => {
  it('lists every property by name, with paging meta', async () => {
    const all = await list();
    expect(codes(all)).toEqual(['alder', 'birch', 'cedar', 'dogwood', 'elm']);
    expect(all.meta).toEqual({ page: 1, pageSize: 50, total: 5, lastPage: 1 });
    expect(all.data[0]).toMatchObject({
      id: ids.alder,
      code: 'alder',
      name: 'Alder Heights',
      type: 'house',
      zoneId: north,
      city: 'Austin',
      state: 'Texas',
      address: 'Alder Street 1',
      active: true,
    });
  });

  it('never answers a secret, nor the email configuration in a list', async () => {
    for (const res of [await get('/properties?all=1&include=zone'), await get(`/properties/${ids.alder}`)]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(SMTP_PASSWORD);
      expect(res.body).not.toContain(sealed);
      expect(res.body).not.toMatch(/mailPasswordEncrypted|mail_password|"mailPassword"/);
    }
    const item = (await list('?filter[term]=alder')).data[0]!;
    expect(Object.keys(item)).not.toContain('mailUsername');
  });

  it('searches name, code, city and address; every word must match', async () => {
    expect(codes(await list('?filter[term]=HEIGHTS'))).toEqual(['alder']);
    expect(codes(await list('?filter[term]=portland'))).toEqual(['dogwood', 'elm']);
    expect(codes(await list('?filter[term]=cedar%20street'))).toEqual(['cedar']);
    expect(codes(await list('?filter[term]=birch%20dallas'))).toEqual([]);
  });

  it('filters by zone (null = no zone), state and city ignoring case, type and active', async () => {
    expect(codes(await list(`?filter[zoneId]=${north}`))).toEqual(['alder', 'birch']);
    expect(codes(await list(`?filter[zoneId]=${south},null`))).toEqual(['cedar', 'dogwood', 'elm']);
    expect(codes(await list('?filter[state]=oregon'))).toEqual(['dogwood', 'elm']);
    expect(codes(await list('?filter[city]=austin,DALLAS'))).toEqual(['alder', 'birch', 'cedar']);
    expect(codes(await list('?filter[type]=house&filter[state]=Texas'))).toEqual(['alder', 'cedar']);
    expect(codes(await list('?filter[active]=0'))).toEqual(['elm']);
  });

  it('sorts by name, code, city and createdAt, and pages', async () => {
    expect(codes(await list('?sort=-name'))).toEqual(['elm', 'dogwood', 'cedar', 'birch', 'alder']);
    expect(codes(await list('?sort=-city,code'))).toEqual(['dogwood', 'elm', 'cedar', 'alder', 'birch']);
    expect(codes(await list('?sort=-createdAt'))).toEqual(['elm', 'dogwood', 'cedar', 'birch', 'alder']);
    const page2 = await list('?sort=code&page=2&pageSize=2');
    expect(codes(page2)).toEqual(['cedar', 'dogwood']);
    expect(page2.meta).toEqual({ page: 2, pageSize: 2, total: 5, lastPage: 3 });
  });

  it('includes the zone on request', async () => {
    const res = await list('?include=zone&sort=code');
    expect(res.data.map((p) => p.zone?.name ?? null)).toEqual(['North', 'North', 'South', null, null]);
  });

  it('refuses unknown or malformed list parameters with 400 naming them', async () => {
    const unknown = await get('/properties?filter[mailPassword]=x');
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json<{ errors: object }>().errors)).toEqual(['filter[mailPassword]']);
    expect((await get('/properties?filter[type]=castle')).statusCode).toBe(400);
    expect((await get('/properties?filter[zoneId]=abc')).statusCode).toBe(400);
    expect((await get('/properties?sort=mailHost')).statusCode).toBe(400);
  });
});

describe('GET /properties/:id', () => {
  it('answers the property with its email configuration, the password only as set or not', async () => {
    const res = await get(`/properties/${ids.birch}`);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<Property>();
    expect(p).toMatchObject({
      id: ids.birch,
      code: 'birch',
      type: 'office',
      zoneId: north,
      mailUsername: 'mailer',
      mailHost: 'smtp.example.com',
      mailPort: 587,
      mailPasswordSet: true,
    });
    await ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.update(properties).set({ mailPasswordEncrypted: null }).where(eq(properties.id, ids.birch!)),
    );
    expect((await get(`/properties/${ids.birch}`)).json<Property>().mailPasswordSet).toBe(false);
  });

  it('answers 404 for a missing property and 422 for a malformed id', async () => {
    const missing = await get('/properties/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('Property not found');
    expect((await get('/properties/abc')).statusCode).toBe(422);
  });
});

describe('access', () => {
  it('is central only, and needs properties.index / properties.show', async () => {
    const manager = await createTenantUser(ctx.database, ids.alder!, 'manager');
    const tenantToken = await login(ctx, manager, 'alder');
    const tenant = await ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/properties',
      headers: headers({ tenant: 'alder', token: tenantToken }),
    });
    expect(tenant.statusCode).toBe(404);
    // A central parking inspector holds neither.
    const inspector = await createCentralUser(ctx.database, 'parking-inspector');
    const inspectorToken = await login(ctx, inspector);
    expect((await get('/properties', inspectorToken)).statusCode).toBe(403);
    expect((await get(`/properties/${ids.alder}`, inspectorToken)).statusCode).toBe(403);
  });
});
