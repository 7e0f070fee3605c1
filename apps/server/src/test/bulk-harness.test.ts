/**
 * The route harness of DESIGN §7 for the routes that name their rows in the body (`{ ids: [...] }`: the lists' bulk
 * actions, decision 0039 "Also expected: row selection and bulk actions"). Their permission is checked with every
 * route by route-harness.test.ts; their tenancy is checked here, since no path param names their rows:
 * - every such route has a factory (BULK_FIXTURES in src/test/factories/bulk.ts);
 * - given the id of a row of another tenant, the call never does it: refused (4xx), or answered with that id skipped
 *   as not found in this property — and every row of that tenant is unchanged (read back in central scope);
 * - its owner reaches the row: 200, and an action answering `done` did it.
 */
import type { BulkOutcome } from '@parkade/contract';
import { ZodObject } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../platform/i18n';
import type { MountedRoute } from '../platform/http';
import { inScope } from '../platform/scope';
import { bulkFixtureOf } from './factories';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  type TestUser,
} from './harness';
import {
  callRoute,
  label,
  propertySnapshot,
  propertyTables,
  sessionToken,
  type CallOptions,
  type Property,
} from './route-call';

const ctx = await createTestContext();
afterAll(() => ctx.close());
const db = ctx.database;

let caller: Property; // the tenant that calls ("B"); each test's rows are of a tenant of its own ("A")
let tenantTables: string[] = [];
const users = {} as Record<'central' | 'caller', TestUser>;

beforeAll(async () => {
  caller = await createProperty(db);
  users.central = await createCentralUser(db, 'admin');
  users.caller = await createTenantUser(db, caller.id, 'admin');
  tenantTables = await propertyTables(db);
});

/** A route whose body names rows by `ids`. */
const namesRowsInBody = (r: MountedRoute) => {
  const body = r.def.schema?.body;
  return body instanceof ZodObject && 'ids' in body.shape;
};
const bulkRoutes = ctx.routes.filter(namesRowsInBody);

const call = async (r: MountedRoute, who: TestUser, o: Omit<CallOptions, 'token'>) =>
  callRoute(ctx, r, { ...o, token: await sessionToken(db, who) });

describe('the bulk routes', () => {
  it('are found (the bulk actions of permits, visitors and residents among them)', () => {
    const urls = bulkRoutes.map((r) => `${r.def.method} ${r.def.url}`);
    for (const url of [
      'POST /permits/bulk/approve',
      'POST /permits/bulk/revoke',
      'POST /visitors/bulk/approve',
      'POST /residents/bulk/status',
    ])
      expect(urls).toContain(url);
  });
});

describe.each(bulkRoutes.map((r) => [label(r), r] as const))('%s', (_name, r) => {
  it("never does another tenant's row and changes nothing of it; its owner does it", async () => {
    const fixture = bulkFixtureOf(r.def.method, r.def.url);
    expect(
      fixture,
      `${label(r)} names rows in its body: add its factory to BULK_FIXTURES in src/test/factories/bulk.ts`,
    ).toBeDefined();
    if (!fixture) return;
    // A tenant of its own: what an earlier owner call left to a background job (a mail) never lands in it.
    const owner = await createProperty(db);
    const ownerAdmin = await createTenantUser(db, owner.id, 'admin');
    const id = await inScope(ctx.services, { area: 'tenant', propertyId: owner.id }, (scope) =>
      fixture.create(scope),
    );
    const body = { ...fixture.extra, ids: [id] };
    // Centrally the same user acts on both: the selected property (X-Property) is what differs.
    const central = r.area === 'central';
    const before = await propertySnapshot(db, tenantTables, owner.id);
    const res = await call(r, central ? users.central : users.caller, { tenant: caller, body });
    expect([401, 403], `${label(r)} → ${res.statusCode}: who calls may call it`).not.toContain(
      res.statusCode,
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
    if (res.statusCode === 200) {
      const answer = res.json<Partial<BulkOutcome>>();
      expect(answer, `${label(r)} answered 200 to an id of another tenant: it must skip it`).toHaveProperty(
        'skipped',
      );
      expect(answer).toEqual({ done: 0, skipped: [{ id, label: null, reason: t('en', 'bulk.notFound') }] });
    }
    expect(
      await propertySnapshot(db, tenantTables, owner.id),
      `${label(r)} changed the other tenant's data`,
    ).toEqual(before);

    const mine = await call(r, central ? users.central : ownerAdmin, { tenant: owner, body });
    expect(mine.statusCode, `owner call → ${mine.statusCode} ${mine.body.slice(0, 300)}`).toBe(200);
    const answer = mine.json<Partial<BulkOutcome>>();
    if ('done' in answer) expect(answer).toEqual({ done: 1, skipped: [] });
  });
});
