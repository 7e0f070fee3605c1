import { offlineLookup, PLATE_CONFUSIONS, type OfflineLookupData, type PlateLookup } from '@parkade/contract';
import { eq } from 'drizzle-orm';
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
import { makeCheckIn, makeResident } from '../../test/factories';
import { inScope, type Scope } from '../../platform/scope';
import { bannedVehicles } from '../banned-vehicles/table';
import { permits } from '../permits/table';
import { reasons } from '../reasons/table';
import { spots } from '../spots/table';
import { vehicles } from '../vehicles/table';
import { visitors } from '../visitors/table';

/**
 * The patrol's plate lookup (issue 18): exact, each confusion pair, near misses ranked, banned, a visitor permit
 * valid until an instant and expired the second after, a permit valid the instant it is approved, the spot.
 */
let ctx: TestContext;
let code: string;
let propertyId: number;
let other: { id: number; code: string };
let token: string;
let spotA: number;
let spotB: number;

const inProperty = <T>(id: number, fn: (s: Scope) => Promise<T>) =>
  inScope(ctx.services, { area: 'tenant', propertyId: id }, fn);

async function vehicle(
  s: Scope,
  plate: string,
  permit?: { status: string; expiresOn?: string; spotId?: number; startDate?: string },
) {
  const { id: residentId } = await makeResident(s);
  const [v] = await s.tx
    .insert(vehicles)
    .values({
      propertyId: s.propertyId,
      residentId,
      plate,
      plateNormalized: plate.replace(/[^A-Z0-9]/g, ''),
      color: 'Blue',
    })
    .returning();
  if (permit)
    await s.tx.insert(permits).values({
      propertyId: s.propertyId,
      code: `P-${plate}`,
      residentId,
      vehicleId: v!.id,
      permitTypeId: 1,
      status: permit.status,
      expiresOn: permit.expiresOn ?? null,
      startDate: permit.startDate ?? null,
      spotId: permit.spotId ?? null,
      year: 2026,
      publicToken: `tok-${plate}-${s.propertyId}`,
    });
  return { vehicleId: v!.id, residentId };
}

const lookup = async (plate: string, extra = '', t = token, tenant = code) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/tenant/api/patrolling/lookup?plate=${encodeURIComponent(plate)}${extra}`,
    headers: headers({ tenant, token: t }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PlateLookup>();
};

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database);
  code = p.code;
  propertyId = p.id;
  other = await createProperty(ctx.database);
  const inspector = await createTenantUser(ctx.database, p.id, 'parking-inspector');
  token = await login(ctx, inspector, code);
  // The officer reads during a round only: checked in at the property for the lookups below.
  await inProperty(propertyId, (s) => makeCheckIn(s, inspector.id));
  await inProperty(propertyId, async (s) => {
    const [a] = await s.tx.insert(spots).values({ propertyId, number: 'A1' }).returning();
    const [b] = await s.tx.insert(spots).values({ propertyId, number: 'B2' }).returning();
    spotA = a!.id;
    spotB = b!.id;
    await vehicle(s, 'ABC101', { status: 'approved', spotId: spotA });
    await vehicle(s, 'PEND42', { status: 'pending' });
    await vehicle(s, 'OLD777', { status: 'approved', expiresOn: '2020-01-01' });
    await vehicle(s, 'NOPRMT');
    // One of each confusion pair, with its letter: looked up with the digit.
    for (const [letter] of PLATE_CONFUSIONS) await vehicle(s, `K${letter}X900`, { status: 'approved' });
    const { id: residentId } = await makeResident(s);
    const now = Date.now();
    await s.tx.insert(visitors).values([
      {
        propertyId,
        name: 'Guest',
        residentId,
        plate: 'VIS 555',
        plateNormalized: 'VIS555',
        permitCode: 'V-LIVE',
        permitStatus: 'valid',
        validFrom: new Date(now - 3600_000),
        validUntil: new Date(now + 3600_000),
      },
      {
        propertyId,
        name: 'Gone',
        residentId,
        plate: 'GONE 1',
        plateNormalized: 'GONE1',
        permitCode: 'V-GONE',
        permitStatus: 'valid',
        validFrom: new Date(now - 7200_000),
        validUntil: new Date(now - 1000),
      },
    ]);
    const [reason] = await s.tx
      .insert(reasons)
      .values({ code: `lk-${propertyId}`, name: 'Fire lane' })
      .returning();
    await s.tx.insert(bannedVehicles).values({
      propertyId,
      plate: 'BAD 999',
      plateNormalized: 'BAD999',
      reasonId: reason!.id,
      bannedFrom: '2026-01-01',
    });
  });
  // The same plate at another property is never found here.
  await inProperty(other.id, (s) => vehicle(s, 'ELSE11', { status: 'approved' }));
});
afterAll(() => ctx?.close());

describe('who looks up, and when', () => {
  const call = (url: string, h: Record<string, string>) =>
    ctx.app
      .inject({ method: 'GET', url, headers: h })
      .then((r) => ({ status: r.statusCode, body: r.json<{ code?: string; message?: string }>() }));

  it("reads the property's plates and records only during a round there, unless the role reads off round", async () => {
    const officer = await createTenantUser(ctx.database, propertyId, 'parking-inspector');
    const h = headers({ tenant: code, token: await login(ctx, officer, code) });
    const reads = [
      '/patrolling/lookup?plate=ABC101',
      '/patrolling/offline-data',
      '/vehicles',
      '/permits',
      '/spots',
    ];
    for (const url of reads) {
      const refused = await call(`/tenant/api${url}`, h);
      expect(refused.status, url).toBe(409);
      expect(refused.body.code).toBe('check-in-required');
      expect(refused.body.message).toMatch(/^Check in at this property first/);
    }
    // Their own work is not gated: the round's screen and the warnings list.
    expect((await call('/tenant/api/patrolling/check-ins/active', h)).status).toBe(200);
    expect((await call('/tenant/api/permit-warnings', h)).status).toBe(200);

    await inProperty(propertyId, (s) => makeCheckIn(s, officer.id));
    for (const url of reads) expect((await call(`/tenant/api${url}`, h)).status, url).toBe(200);

    // Dispatchers do not patrol, managers read off round: neither is gated.
    for (const role of ['office-dispatcher', 'manager'] as const) {
      const staff = headers({
        tenant: code,
        token: await login(ctx, await createTenantUser(ctx.database, propertyId, role), code),
      });
      expect((await call('/tenant/api/patrolling/lookup?plate=ABC101', staff)).status, role).toBe(200);
      expect((await call('/tenant/api/vehicles', staff)).status, role).toBe(200);
    }
  });

  it("gives a central officer the records of the property of their round, and no other's", async () => {
    const officer = await createCentralUser(ctx.database, 'parking-inspector');
    const token = await login(ctx, officer);
    const at = (id: number) => ({ ...headers({ token }), 'x-property': String(id) });
    await inProperty(other.id, (s) => makeCheckIn(s, officer.id, 'central'));
    expect((await call('/api/central/vehicles', at(other.id))).status).toBe(200);
    expect((await call('/api/central/patrolling/lookup?plate=ELSE11', at(other.id))).status).toBe(200);
    const elsewhere = await call('/api/central/vehicles', at(propertyId));
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.code).toBe('check-in-required');
    expect((await call('/api/central/patrolling/lookup?plate=ABC101', at(propertyId))).status).toBe(409);
  });
});

describe('the plate lookup', () => {
  it('finds the plate typed any way, with its permit, its vehicle and whether the car stands in its spot', async () => {
    const found = await lookup('abc-1 01', `&spotId=${spotB}`);
    expect(found.plate).toBe('ABC101');
    expect(found.matches[0]).toMatchObject({
      plate: 'ABC101',
      match: 'exact',
      distance: 0,
      verdict: 'permitted',
      vehicle: { color: 'Blue' },
      permit: { status: 'approved', spot: { name: 'A1' }, wrongSpot: true },
    });
    expect((await lookup('ABC101', `&spotId=${spotA}`)).matches[0]!.permit!.wrongSpot).toBe(false);
  });

  it('reads each confusion pair both ways: a letter typed as its digit finds the plate', async () => {
    for (const [letter, digit] of PLATE_CONFUSIONS) {
      const found = await lookup(`K${digit}X9OO`);
      const hit = found.matches.find((m) => m.plate === `K${letter}X900`);
      expect(hit, `${letter}/${digit}`).toMatchObject({
        match: 'confusion',
        distance: 0,
        verdict: 'permitted',
      });
    }
    // ABC1O1 (a letter O for the zero) finds ABC101.
    expect((await lookup('ABC1O1')).matches[0]).toMatchObject({ plate: 'ABC101', match: 'confusion' });
  });

  it('offers the plates one character away, closest first, when the plate typed is not there', async () => {
    const missing = await lookup('ABC11');
    expect(missing.matches.map((m) => [m.plate, m.match])).toContainEqual(['ABC101', 'near']);
    const extra = await lookup('ABC1011');
    expect(extra.matches[0]).toMatchObject({ plate: 'ABC101', match: 'near', distance: 1 });
    const other = await lookup('ABD101');
    expect(other.matches[0]).toMatchObject({ plate: 'ABC101', match: 'near', distance: 1 });
    // Two characters away is not a match.
    expect((await lookup('XYC101')).matches).toEqual([]);
  });

  it('says banned, pending, expired and none', async () => {
    expect((await lookup('bad999')).matches[0]).toMatchObject({
      verdict: 'banned',
      ban: { reason: 'Fire lane', since: '2026-01-01' },
    });
    expect((await lookup('PEND42')).matches[0]!.verdict).toBe('pending');
    expect((await lookup('OLD777')).matches[0]).toMatchObject({
      verdict: 'expired',
      permit: { status: 'expired' },
    });
    expect((await lookup('NOPRMT')).matches[0]).toMatchObject({ verdict: 'none', permit: null });
    expect((await lookup('ZZZZZZ')).matches).toEqual([]);
  });

  it('answers a visitor permit valid until its instant, and expired from the second it ends', async () => {
    const live = await lookup('VIS555');
    expect(live.matches[0]).toMatchObject({
      verdict: 'visitor',
      visitor: { code: 'V-LIVE', status: 'valid' },
    });
    expect(Date.parse(live.matches[0]!.visitor!.validUntil!)).toBeGreaterThan(Date.parse(live.checkedAt));
    expect((await lookup('GONE1')).matches[0]).toMatchObject({
      verdict: 'expired',
      visitor: { status: 'expired' },
    });
  });

  it('is valid for enforcement the instant a permit is approved', async () => {
    await inProperty(propertyId, (s) => vehicle(s, 'NEW123', { status: 'pending' }));
    expect((await lookup('NEW123')).matches[0]!.verdict).toBe('pending');
    await inProperty(propertyId, (s) =>
      s.tx.update(permits).set({ status: 'approved' }).where(eq(permits.code, 'P-NEW123')),
    );
    expect((await lookup('NEW123')).matches[0]!.verdict).toBe('permitted');
  });

  it('answers a permit approved for a later day "Not issued" until that day, online and offline', async () => {
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    await inProperty(propertyId, (s) => vehicle(s, 'LATR11', { status: 'approved', startDate: day(30) }));
    expect((await lookup('LATR11')).matches[0]).toMatchObject({
      verdict: 'later',
      permit: { status: 'later', code: 'P-LATR11' },
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/patrolling/offline-data',
      headers: headers({ tenant: code, token }),
    });
    const data = res.json<OfflineLookupData>();
    expect(offlineLookup(data, 'LATR11')[0]!.verdict).toBe('later');
    // Offline, on its first day: valid from then, as the server will say.
    expect(offlineLookup(data, 'LATR11', new Date(`${day(30)}T12:00:00Z`))[0]!.verdict).toBe('permitted');
    // Its first day reached: valid.
    await inProperty(propertyId, (s) =>
      s.tx
        .update(permits)
        .set({ startDate: day(0) })
        .where(eq(permits.code, 'P-LATR11')),
    );
    expect((await lookup('LATR11')).matches[0]).toMatchObject({
      verdict: 'permitted',
      permit: { status: 'approved' },
    });
  });

  it("never answers another property's plates, and refuses a plate with no letter or digit", async () => {
    expect((await lookup('ELSE11')).matches).toEqual([]);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/patrolling/lookup?plate=---',
      headers: headers({ tenant: code, token }),
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('the offline copy', () => {
  it('answers every plate as the server does: same plates, same kind of match, same verdict', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/patrolling/offline-data',
      headers: headers({ tenant: code, token }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<OfflineLookupData>();
    expect(data.plates.map((p) => p.p)).not.toContain('ELSE11');
    // Nothing about people: a plate, a ban's last day, a permit's status/last day/spot, a visitor permit's validity.
    for (const p of data.plates)
      expect(Object.keys(p).every((k) => ['p', 'b', 'r', 'x'].includes(k))).toBe(true);
    const typed = ['abc-1 01', 'ABC1O1', 'K5X9OO', 'ABC11', 'ABD101', 'XYC101', 'bad999', 'PEND42', 'OLD777'];
    for (const plate of [...typed, 'NOPRMT', 'VIS555', 'GONE1', 'ZZZZZZ', 'NEW123']) {
      const online = await lookup(plate);
      const offline = offlineLookup(data, plate, new Date(online.checkedAt));
      const shape = (ms: { plate: string; match: string; verdict: string }[]) =>
        ms.map((m) => `${m.plate.replace(/[^A-Z0-9]/gi, '')} ${m.match} ${m.verdict}`).sort();
      expect(shape(offline), plate).toEqual(shape(online.matches));
    }
  });

  it('reads a visitor permit expired from the second it ends, while offline', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/patrolling/offline-data',
      headers: headers({ tenant: code, token }),
    });
    const data = res.json<OfflineLookupData>();
    const end = new Date(data.plates.find((p) => p.p.replace(/\s/g, '') === 'VIS555')!.x![1]);
    expect(offlineLookup(data, 'VIS555', new Date(end.getTime() - 1000))[0]!.verdict).toBe('visitor');
    expect(offlineLookup(data, 'VIS555', end)[0]!.verdict).toBe('expired');
  });
});
