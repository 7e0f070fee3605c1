/**
 * The route harness of DESIGN §7. It enumerates every route the app mounts (the list `buildApp` returns, never a
 * hand-written one) and checks, for each:
 * - it declares an access rule, and a permission it names exists in the catalogue;
 * - no token → 401; a token of the other area or of another tenant → 401;
 * - a signed-in user lacking the route's permission → 403, and one holding only that permission is let in
 *   (neither 401 nor 403, and never a 500 for the empty or placeholder input the harness sends); a route open to
 *   any of several permissions (a form's options read) refuses a user holding none and lets in each one alone;
 * - a tenant route with an `:id`-like param, given the params of a row of another tenant → 404, with every
 *   row of that tenant unchanged (read back in central scope), while the row's owner reaches it.
 * The rows come from the route's factory (ROUTE_FIXTURES in src/test/factories). A new module's routes are checked
 * here as soon as they are registered in modules/index.ts. What a patrol officer reads off round (round-only routes,
 * lookup data) is checked by round-harness.test.ts; the tenancy of the routes that name their rows in the body
 * (`ids`: the lists' bulk actions) by bulk-harness.test.ts.
 */
import { ALL_PERMISSIONS, ERROR_CODES, isPermission, type Permission } from '@parkade/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../modules/roles/table';
import { inScope } from '../platform/scope';
import { accessPermissions } from '../platform/admission';
import type { MountedRoute } from '../platform/http';
import { fixtureOf, type RouteFixture } from './factories';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestUser,
} from './harness';
import {
  ABSENT_ID,
  callRoute,
  ID_LIKE,
  idParams,
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

let other: Property; // the tenant that owns the fixtures ("A")
let caller: Property; // the tenant that calls ("B")
let lackingRole: number;
let holdingRole: number;
type UserName =
  | 'centralAdmin'
  | 'centralLacking'
  | 'centralHolding'
  | 'callerAdmin'
  | 'callerLacking'
  | 'callerHolding'
  | 'callerResident'
  | 'otherAdmin'
  | 'otherHolding'
  | 'otherResident';
/** Admins hold everything; "lacking" and "holding" users have the two harness roles; residents hold nothing. */
const users = {} as Record<UserName, TestUser>;

async function createRole(name: string) {
  return db.withScope({ area: 'central' }, async (tx) => {
    const [row] = await tx.insert(roles).values({ name, permissions: [] }).returning({ id: roles.id });
    return row!.id;
  });
}
/** Gives the harness's two roles their permissions for the route under test. */
async function setRoles(lacking: readonly Permission[], holding: readonly Permission[]) {
  await db.withScope({ area: 'central' }, async (tx) => {
    await tx
      .update(roles)
      .set({ permissions: [...lacking] })
      .where(eq(roles.id, lackingRole));
    await tx
      .update(roles)
      .set({ permissions: [...holding] })
      .where(eq(roles.id, holdingRole));
  });
}

/** A fresh session for the user (route-call.ts). */
const token = (user: TestUser) => sessionToken(db, user);

/** Calls a mounted route as a client would, in the calling tenant unless told (route-call.ts). */
const call = (r: MountedRoute, o: Partial<CallOptions> = {}) =>
  callRoute(ctx, r, { ...o, tenant: o.tenant ?? caller });

function expectStatus(res: { statusCode: number; body: string }, what: string, expected: number) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBe(expected);
}
/** Let in: neither refused for who the caller is nor failing on the input. */
function expectLetIn(res: { statusCode: number; body: string }, what: string) {
  const ok = ![401, 403].includes(res.statusCode) && res.statusCode < 500;
  expect(ok, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBe(true);
}

let tenantTables: string[] = [];
/** Every row of a property (route-call.ts). */
const snapshot = (propertyId: number) => propertySnapshot(db, tenantTables, propertyId);

beforeAll(async () => {
  other = await createProperty(db);
  caller = await createProperty(db);
  lackingRole = await createRole('harness-lacking');
  holdingRole = await createRole('harness-holding');
  users.centralAdmin = await createCentralUser(db, 'admin');
  users.centralLacking = await createCentralUser(db, 'admin', { roleId: lackingRole });
  users.centralHolding = await createCentralUser(db, 'admin', { roleId: holdingRole });
  users.callerAdmin = await createTenantUser(db, caller.id, 'admin');
  users.callerLacking = await createTenantUser(db, caller.id, 'admin', { roleId: lackingRole });
  users.callerHolding = await createTenantUser(db, caller.id, 'admin', { roleId: holdingRole });
  users.callerResident = await createTenantUser(db, caller.id, null);
  users.otherAdmin = await createTenantUser(db, other.id, 'admin');
  users.otherHolding = await createTenantUser(db, other.id, 'admin', { roleId: holdingRole });
  users.otherResident = await createTenantUser(db, other.id, null);
  tenantTables = await propertyTables(db);
});

describe('the route list', () => {
  it('holds every API route the app serves, each with a known access rule', () => {
    expect(ctx.routes.length).toBeGreaterThan(0);
    const special = ['public', 'authenticated', 'resident', 'staff'];
    for (const r of ctx.routes) {
      expect(r.access, `${r.method} ${r.url} declares no access`).toBeTruthy();
      expect(r.access, `${r.method} ${r.url}`).toBe(r.def.access);
      const named: readonly string[] = typeof r.access === 'string' ? [r.access] : r.access;
      expect(named.length, `${label(r)}: an empty list of permissions admits no one`).toBeGreaterThan(0);
      for (const a of named)
        expect(
          (typeof r.access === 'string' && special.includes(a)) || isPermission(a),
          `${label(r)}: "${a}" is not in the permission catalogue`,
        ).toBe(true);
      if (r.access === 'resident')
        expect(r.area, `${label(r)}: residents exist only on a property`).toBe('tenant');
    }
    // Nothing reaches the API outside mountRoutes: every operation of the OpenAPI document is in the list.
    const mounted = new Set(ctx.routes.map((r) => `${r.method} ${r.url}`));
    const doc = ctx.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
    const served = Object.entries(doc.paths ?? {}).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{([^}]+)\}/g, ':$1')}`),
    );
    const outside = served.filter(
      (s) => /^\S+ \/(api|tenant)\//.test(s) && !s.includes('/api/docs') && !mounted.has(s),
    );
    expect(outside).toEqual([]);
    // …and every mounted route is in the document, the reference a client is generated from.
    const documented = new Set(served);
    expect([...mounted].filter((m) => !documented.has(m))).toEqual([]);
  });

  it('issues sessions the way the login route does', async () => {
    const viaLogin = await login(ctx, users.callerAdmin, caller.code);
    const issued = await token(users.callerAdmin);
    for (const t of [viaLogin, issued]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/tenant/api/auth/bootstrap',
        headers: headers({ tenant: caller.code, token: t }),
      });
      expectStatus(res, 'bootstrap', 200);
    }
  });
});

/** Who may call the route, in the calling tenant (B), the owning tenant (A) or centrally. */
function allowed(r: MountedRoute, where: 'caller' | 'other' | 'central'): TestUser | undefined {
  if (r.access === 'public') return undefined;
  if (where === 'central') return r.access === 'authenticated' ? users.centralLacking : users.centralHolding;
  if (r.access === 'resident') return where === 'caller' ? users.callerResident : users.otherResident;
  if (r.access === 'authenticated' || r.access === 'staff')
    return where === 'caller' ? users.callerLacking : users.otherAdmin;
  return where === 'caller' ? users.callerHolding : users.otherHolding;
}

describe.each(ctx.routes.filter((r) => r.access !== 'public').map((r) => [label(r), r] as const))(
  '%s',
  (_name, r) => {
    it('refuses a missing token, and tokens of the other area or another tenant, with 401', async () => {
      expectStatus(await call(r), 'no token', 401);
      expectStatus(await call(r, { token: 'not-a-token' }), 'unknown token', 401);
      if (r.area === 'tenant') {
        expectStatus(await call(r, { token: await token(users.centralAdmin) }), 'central token', 401);
        expectStatus(await call(r, { token: await token(users.otherAdmin) }), 'token of another tenant', 401);
      } else {
        expectStatus(await call(r, { token: await token(users.callerAdmin) }), 'tenant token', 401);
        expectStatus(await call(r, { token: await token(users.callerResident) }), 'resident token', 401);
      }
    });

    it('answers 403 to a user without the permission, and lets in one who holds it', async () => {
      const central = r.area === 'central';
      if (r.access === 'authenticated') {
        // Any signed-in user of the area, even one whose role grants nothing.
        await setRoles([], []);
        expectLetIn(
          await call(r, { token: await token(allowed(r, central ? 'central' : 'caller')!) }),
          'no permissions',
        );
        if (!central) expectLetIn(await call(r, { token: await token(users.callerResident) }), 'resident');
        return;
      }
      if (r.access === 'staff') {
        // Any staff user of the area, even one whose role grants nothing; never a resident.
        await setRoles([], []);
        expectLetIn(
          await call(r, { token: await token(allowed(r, central ? 'central' : 'caller')!) }),
          'staff without permissions',
        );
        if (!central)
          expectStatus(await call(r, { token: await token(users.callerResident) }), 'resident', 403);
        return;
      }
      if (r.access === 'resident') {
        expectStatus(
          await call(r, { token: await token(users.callerAdmin) }),
          'staff on a resident route',
          403,
        );
        expectLetIn(await call(r, { token: await token(users.callerResident) }), 'resident');
        return;
      }
      // Every permission but the route's (any of which admits), then each of them alone.
      const ps = accessPermissions(r.access);
      const lacking = central ? users.centralLacking : users.callerLacking;
      for (const [i, p] of ps.entries()) {
        await setRoles(
          ALL_PERMISSIONS.filter((x) => !ps.includes(x)),
          [p],
        );
        if (i === 0) {
          expectStatus(await call(r, { token: await token(lacking) }), `without ${ps.join(' or ')}`, 403);
          if (!central)
            expectStatus(await call(r, { token: await token(users.callerResident) }), 'resident', 403);
        }
        expectLetIn(
          await call(r, { token: await token(central ? users.centralHolding : users.callerHolding) }),
          `with ${p} only`,
        );
      }
    });
  },
);

/** Routes whose ids name a property's rows: tenant routes, and central routes acting on a selected property. */
const tenantIdRoutes = ctx.routes.filter(
  (r) => (r.area === 'tenant' || r.def.propertyScoped) && idParams(r).length > 0,
);

describe.each(tenantIdRoutes.map((r) => [label(r), r] as const))('%s', (_name, r) => {
  it("answers 404 for another tenant's row and changes nothing; its owner reaches it", async () => {
    const fixture = fixtureOf(r.def.method, r.def.url);
    expect(
      fixture,
      `${label(r)} has the param(s) ${idParams(r).join(', ')}: add its factory to ROUTE_FIXTURES in ` +
        `src/test/factories/index.ts (or 'global' when they name a row of a global table)`,
    ).toBeDefined();
    if (!fixture || fixture === 'global') return;
    const fx: RouteFixture = fixture;
    if (accessPermissions(r.access).length) await setRoles([], accessPermissions(r.access));
    // Centrally the same user acts on both: the selected property (X-Property) is what differs.
    const owner = r.area === 'central' ? allowed(r, 'central') : allowed(r, 'other');
    const intruder = r.area === 'central' ? allowed(r, 'central') : allowed(r, 'caller');
    const params = await inScope(ctx.services, { area: 'tenant', propertyId: other.id }, (scope) =>
      fx.create(scope, {
        userId: (owner ?? users.otherAdmin).id,
        area: r.area === 'central' ? 'central' : 'tenant',
      }),
    );
    for (const name of idParams(r))
      expect(params[name], `fixture of ${label(r)} gives no ${name}`).toBeDefined();
    const bodyFor = (p: Property) =>
      fx.body
        ? inScope(ctx.services, { area: 'tenant', propertyId: p.id }, (scope) => fx.body!(scope))
        : Promise.resolve(undefined);

    const intruderToken = intruder ? await token(intruder) : undefined;
    const ownerToken = owner ? await token(owner) : undefined;
    const intruderBody = await bodyFor(caller);
    const ownerBody = await bodyFor(other);

    const before = await snapshot(other.id);
    const res = await call(r, { tenant: caller, token: intruderToken, params, body: intruderBody });
    expectStatus(res, "another tenant's row", 404);
    expect(await snapshot(other.id), `${label(r)} changed the other tenant's data`).toEqual(before);

    // The fixture really addresses a row: its own tenant finds it.
    const mine = await call(r, { tenant: other, token: ownerToken, params, body: ownerBody });
    expect(mine.statusCode, `owner call → ${mine.statusCode} ${mine.body.slice(0, 300)}`).not.toBe(404);
    expectLetIn(mine, 'owner');
  });
});

const centralScoped = ctx.routes.filter((r) => r.area === 'central' && r.def.propertyScoped === true);

describe.each(centralScoped.map((r) => [label(r), r] as const))('%s', (_name, r) => {
  it('needs a selected property (X-Property): none → 400, an unknown one → 404', async () => {
    if (accessPermissions(r.access).length) await setRoles([], accessPermissions(r.access));
    const t = await token(allowed(r, 'central')!);
    const url = r.url.replace(/:([A-Za-z0-9_]+)/g, (_m, n: string) =>
      ID_LIKE.test(n) ? String(ABSENT_ID) : 'x',
    );
    const none = await ctx.app.inject({ method: r.method as 'GET', url, headers: headers({ token: t }) });
    expectStatus(none, 'no X-Property', 400);
    const unknown = await ctx.app.inject({
      method: r.method as 'GET',
      url,
      headers: { ...headers({ token: t }), 'x-property': String(ABSENT_ID) },
    });
    expectStatus(unknown, 'unknown X-Property', 404);
  });
});

describe.each(ctx.routes.filter((r) => r.access === 'public').map((r) => [label(r), r] as const))(
  '%s',
  (_name, r) => {
    it('stays open to a caller with a stale or foreign token', async () => {
      const res = await call(r, { token: 'stale-token' });
      expect(res.statusCode, res.body.slice(0, 300)).not.toBe(401);
      expect(res.statusCode, res.body.slice(0, 300)).not.toBe(403);
    });
  },
);

/**
 * Two-factor sign-in made mandatory for central staff (decision 0014): a central user who has not enrolled is let
 * into the routes declared `openDuringEnrolment` only; every other route answers 403 with the code the web app
 * recognises. Last in the file: the setting is on only for these checks.
 */
const centralSignedIn = ctx.routes.filter((r) => r.area === 'central' && r.access !== 'public');

describe('a central user who must enrol in two-factor sign-in first', () => {
  let enrolling: TestUser;
  beforeAll(async () => {
    enrolling = await createCentralUser(db, 'admin');
    await db.withScope({ area: 'central' }, (tx) =>
      tx.execute(sql`insert into system_settings (id, require_two_factor_central) values (1, true)
                     on conflict (id) do update set require_two_factor_central = true`),
    );
  });
  afterAll(() =>
    db.withScope({ area: 'central' }, (tx) =>
      tx.execute(sql`update system_settings set require_two_factor_central = false`),
    ),
  );

  it.each(centralSignedIn.map((r) => [label(r), r] as const))('%s', async (_name, r) => {
    const res = await call(r, { token: await token(enrolling) });
    if (r.def.openDuringEnrolment) expectLetIn(res, 'during enrolment');
    else {
      expectStatus(res, 'before enrolment', 403);
      expect(res.json<{ code?: string }>().code).toBe(ERROR_CODES.twoFactorEnrolmentRequired);
    }
  });
});
