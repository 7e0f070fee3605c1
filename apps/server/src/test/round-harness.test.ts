/**
 * The route harness's part on the round rule (decisions 0027, 0038): a patrol officer — a holder of
 * `patrolling.check-in` without `patrolling.off-round` — reads lookup data (what a plate lookup found: vehicle, units,
 * permit, verdict) only during a round at the property. Over every route the app mounts (never a hand-written list):
 * - every route whose response schema holds lookup data (the contract's `lookupData` registry) is declared
 *   `roundOnly`, and a JSON route declared so holds some;
 * - each round-only route, called by an officer not checked in at the property: a GET is refused (409
 *   `check-in-required`), a write answers without lookup data; checked in there, the officer is let in and, where the
 *   answer is one, gets the lookup data the refusal withheld (the fixture's row carries it);
 * - every GET route, called by that officer off round at a property whose rounds, warnings and tows keep lookups
 *   (and with the route's own fixture row, which keeps one too), answers none of the words only those lookups hold —
 *   in JSON, in a PDF's text or in a spreadsheet's cells — so a new route that reads them cannot forget the rule.
 */
import { ALL_PERMISSIONS, type Area } from '@parkade/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../modules/roles/table';
import type { MountedRoute } from '../platform/http';
import { carriesLookupData, lookupValuesOf } from '../platform/lookup-data';
import { inScope } from '../platform/scope';
import { readSheetRows } from '../platform/xlsx';
import { fixtureOf, makeCheckIn } from './factories';
import { makeTow, makeWarning } from './factories/enforcement';
import { LOOKUP_MARKERS } from './factories/lookup';
import { makeRound } from './factories/patrol-reports';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  type TestUser,
} from './harness';
import { pdfText } from './pdf-text';
import { callRoute, label, sessionToken, type Property } from './route-call';

const ctx = await createTestContext();
afterAll(() => ctx.close());
const db = ctx.database;

let here: Property; // where the officer is called, and where the rows with lookups are
let elsewhere: Property; // where the central officer is checked in instead
const officers = {} as Record<Area, TestUser>;

const schemaOf = (r: MountedRoute) => r.def.schema?.response?.[200];
const roundOnly = ctx.routes.filter((r) => r.def.roundOnly);

/** The officer's open check-in: none (`null`), or one at the property given (an open one elsewhere is closed). */
async function setRound(area: Area, propertyId: number | null) {
  const user = officers[area];
  await db.withScope({ area: 'central' }, (tx) =>
    tx.execute(sql`update patrol_check_ins set checked_out_at = now()
      where user_area = ${area} and user_id = ${user.id} and checked_out_at is null`),
  );
  if (propertyId !== null)
    await db.withScope({ area: 'tenant', propertyId }, (tx) =>
      makeCheckIn({ tx, propertyId }, user.id, area),
    );
}

/** The route's fixture row at `here`, owned by the officer who calls (its params and body), or none. */
async function fixtureFor(r: MountedRoute) {
  const fixture = fixtureOf(r.def.method, r.def.url);
  if (!fixture || fixture === 'global') return { params: {}, body: undefined };
  return inScope(ctx.services, { area: 'tenant', propertyId: here.id }, async (scope) => ({
    params: await fixture.create(scope, { userId: officers[r.area].id, area: r.area }),
    body: fixture.body ? await fixture.body(scope) : undefined,
  }));
}

/** Calls the route as its area's officer at `here`, with the route's fixture row. */
async function asOfficer(r: MountedRoute, round: 'off' | 'on') {
  await setRound(r.area, null);
  const { params, body } = await fixtureFor(r);
  // A fixture may open a check-in (the round's observations): the round is set after it.
  await setRound(r.area, round === 'on' ? here.id : null);
  if (round === 'off' && r.area === 'central') await setRound('central', elsewhere.id);
  const token = await sessionToken(db, officers[r.area]);
  return callRoute(ctx, r, { tenant: here, token, params, body });
}

type Answer = { headers: Record<string, unknown>; body: string; rawPayload: Buffer };
const typeOf = (res: Pick<Answer, 'headers'>) => {
  const type = res.headers['content-type'];
  return typeof type === 'string' ? type : '';
};

/** What an answer says, as a reader would see it: JSON or text, a PDF's text, a spreadsheet's cells. */
async function textOf(res: Answer) {
  const type = typeOf(res);
  if (type.includes('application/pdf')) return pdfText(res.rawPayload);
  if (type.includes('spreadsheetml')) return JSON.stringify(await readSheetRows(res.rawPayload));
  return res.body;
}

const jsonOf = (res: Pick<Answer, 'headers' | 'body'>) =>
  typeOf(res).includes('application/json') ? (JSON.parse(res.body) as unknown) : null;

beforeAll(async () => {
  here = await createProperty(db);
  elsewhere = await createProperty(db);
  const [role] = await db.withScope({ area: 'central' }, (tx) =>
    tx
      .insert(roles)
      .values({
        name: 'round-harness-officer',
        permissions: ALL_PERMISSIONS.filter((p) => p !== 'patrolling.off-round'),
      })
      .returning({ id: roles.id }),
  );
  officers.tenant = await createTenantUser(db, here.id, 'admin', { roleId: role!.id });
  officers.central = await createCentralUser(db, 'admin', { roleId: role!.id });
  // Rounds, warnings and tows at `here` that keep lookups: a list or a search that carried them would show them.
  await inScope(ctx.services, { area: 'tenant', propertyId: here.id }, async (scope) => {
    const officer = { userId: officers.tenant.id };
    await makeRound(scope, officer.userId);
    await makeWarning(scope, officer, { lookup: true });
    await makeTow(scope, officer, { lookup: true });
  });
});

describe('round-only routes', () => {
  it('are every route whose answer holds lookup data, and a JSON one declared so holds some', () => {
    expect(roundOnly.length).toBeGreaterThan(0);
    const undeclared = ctx.routes.filter((r) => carriesLookupData(schemaOf(r)) && !r.def.roundOnly);
    expect(undeclared.map(label), 'answer lookup data: declare them roundOnly').toEqual([]);
    const needless = roundOnly.filter((r) => schemaOf(r) && !carriesLookupData(schemaOf(r)));
    expect(needless.map(label), 'declared roundOnly, their answer holds no lookup data').toEqual([]);
  });

  describe.each(roundOnly.map((r) => [label(r), r] as const))('%s', (_name, r) => {
    it('refuses an officer off round a read and answers a write without lookup data; lets one on round in', async () => {
      const off = await asOfficer(r, 'off');
      const what = `off round → ${off.statusCode} ${off.body.slice(0, 300)}`;
      if (r.def.method === 'GET') {
        expect(off.statusCode, what).toBe(409);
        expect(off.json<{ code?: string }>().code, what).toBe('check-in-required');
      } else {
        expect(off.statusCode, what).toBeLessThan(500);
        expect(lookupValuesOf(schemaOf(r), jsonOf(off)), what).toEqual([]);
        const text = await textOf(off);
        for (const marker of LOOKUP_MARKERS) expect(text, what).not.toContain(marker);
      }

      const on = await asOfficer(r, 'on');
      const said = `on round → ${on.statusCode} ${on.body.slice(0, 300)}`;
      expect([401, 403].includes(on.statusCode) || on.statusCode >= 500, said).toBe(false);
      const refused = (jsonOf(on) as { code?: string } | null)?.code === 'check-in-required';
      expect(on.statusCode === 409 && refused, said).toBe(false);
      // What the refusal withheld is there during the round (the fixture's row keeps a lookup).
      if (on.statusCode === 200 && schemaOf(r))
        expect(lookupValuesOf(schemaOf(r), jsonOf(on)), said).not.toEqual([]);
      await setRound(r.area, null);
    });
  });
});

const reads = ctx.routes.filter((r) => r.method === 'GET' && r.access !== 'public');

describe.each(reads.map((r) => [label(r), r] as const))('%s', (_name, r) => {
  it('answers an officer off round no lookup data', async () => {
    const res = await asOfficer(r, 'off');
    const what = `${res.statusCode} ${res.body.slice(0, 300)}`;
    const text = await textOf(res);
    for (const marker of LOOKUP_MARKERS) expect(text, `${what}: holds ${marker}`).not.toContain(marker);
    if (res.statusCode === 200) expect(lookupValuesOf(schemaOf(r), jsonOf(res)), what).toEqual([]);
  });
});
