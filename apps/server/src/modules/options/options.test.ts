import {
  ALL_PERMISSIONS,
  optionsPath,
  optionsPermissions,
  RESOURCES,
  type ListResponse,
  type OptionItem,
  type OptionSource,
  type OptionsDecl,
  type PropertyOption,
  type VisitorItem,
} from '@parkade/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessPermissions } from '../../platform/admission';
import { inScope } from '../../platform/scope';
import { makeResident } from '../../test/factories';
import {
  createCentralUser,
  createProperty,
  createTenantUser,
  createTestContext,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { residents } from '../residents/table';
import { roles } from '../roles/table';

/**
 * A form's pickers read their options under the form's own permission (issue 36 §3, decision 0039), and the
 * screens that act on a property offer the properties their user may work on (§1).
 */
let ctx: TestContext;
let code: string;
let visitorsOnly: string;
let resident: { id: number; unitId: number };
let gone: { id: number };
let stranger: { id: number };

type Page<T> = ListResponse<T>;

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database);
  const other = await createProperty(ctx.database);
  code = p.code;
  const [role] = await ctx.database.withScope({ area: 'central' }, (tx) =>
    tx
      .insert(roles)
      .values({
        name: 'visitors-only',
        permissions: ALL_PERMISSIONS.filter((x) => x.startsWith('visitors.')),
      })
      .returning({ id: roles.id }),
  );
  visitorsOnly = await login(
    ctx,
    await createTenantUser(ctx.database, p.id, null, { type: 'tenant-user', roleId: role!.id }),
    code,
  );
  await inScope(ctx.services, { area: 'tenant', propertyId: p.id }, async (scope) => {
    resident = await makeResident(scope, { fullName: 'Quintana Reyes', email: 'quintana@example.com' });
    gone = await makeResident(scope, { fullName: 'Quintana Gone' });
    await scope.tx.update(residents).set({ deletedAt: new Date() }).where(eq(residents.id, gone.id));
  });
  stranger = await inScope(ctx.services, { area: 'tenant', propertyId: other.id }, (scope) =>
    makeResident(scope, { fullName: 'Quintana Elsewhere' }),
  );
});
afterAll(() => ctx?.close());

const get = (url: string, token: string) =>
  ctx.app.inject({ method: 'GET', url: `/tenant/api${url}`, headers: headers({ tenant: code, token }) });
async function page<T = OptionItem>(url: string, token = visitorsOnly): Promise<Page<T>> {
  const res = await get(url, token);
  expect(res.statusCode, `${url} → ${res.body}`).toBe(200);
  return res.json<Page<T>>();
}

describe('the options reads of the forms', () => {
  it('are served for every source each resource declares, to whoever holds any of its form permissions', () => {
    const declared = RESOURCES.flatMap((r) =>
      Object.keys(('options' in r ? (r.options as OptionsDecl) : undefined) ?? {}).map((s) => ({
        url: optionsPath(r.name, s as OptionSource),
        access: optionsPermissions(r, s as OptionSource),
      })),
    );
    expect(declared.length).toBeGreaterThan(0);
    const mounted = new Map(
      ctx.routes.filter((r) => r.method === 'GET').map((r) => [r.url, accessPermissions(r.access)]),
    );
    for (const d of declared) {
      for (const area of ['/tenant/api', '/api/central'])
        if (mounted.has(`${area}${d.url}`))
          expect([...mounted.get(`${area}${d.url}`)!].sort(), d.url).toEqual([...d.access].sort());
      expect(
        mounted.has(`/tenant/api${d.url}`) || mounted.has(`/api/central${d.url}`),
        `${d.url} is not served`,
      ).toBe(true);
    }
  });

  it("let a role with only the Visitors permissions pick the visitor's resident, unit, make and model", async () => {
    // The lists the pickers used to read are closed to this role: the dead end of issue 36 §3.
    for (const closed of ['/residents', '/makes', `/residents/${resident.id}`])
      expect((await get(closed, visitorsOnly)).statusCode, closed).toBe(403);

    const found = await page('/visitors/options/residents?filter[term]=quintana');
    // Only this property's residents, and no deleted one; each with its email to tell namesakes apart.
    expect(found.data).toEqual([
      { id: resident.id, label: 'Quintana Reyes', detail: 'quintana@example.com' },
    ]);
    expect(found.data.map((o) => o.id)).not.toContain(gone.id);
    expect(found.data.map((o) => o.id)).not.toContain(stranger.id);
    // A value already chosen is named by its id.
    expect((await page(`/visitors/options/residents?filter[id]=${resident.id}`)).data).toHaveLength(1);

    const unitsOf = await page(`/visitors/options/units?filter[residentId]=${resident.id}`);
    expect(unitsOf.data.map((o) => o.id)).toEqual([resident.unitId]);
    expect(unitsOf.data[0]!.label).toMatch(/ · /);

    const toyota = (await page('/visitors/options/makes?filter[term]=toyota')).data;
    expect(toyota.map((o) => o.label)).toEqual(['Toyota']);
    const models = (await page(`/visitors/options/models?filter[makeId]=${toyota[0]!.id}&pageSize=100`)).data;
    expect(models.map((o) => o.label)).toContain('Camry');
    expect(models.map((o) => o.label)).not.toContain('Civic');
    const state = (await page('/visitors/options/states?pageSize=1')).data[0]!;

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/tenant/api/visitors',
      headers: headers({ tenant: code, token: visitorsOnly }),
      payload: {
        name: 'Ada Visitor',
        plate: 'OPT 123',
        residentId: resident.id,
        unitId: resident.unitId,
        stateId: state.id,
        makeId: toyota[0]!.id,
        modelId: models.find((m) => m.label === 'Camry')!.id,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<VisitorItem>()).toMatchObject({ residentId: resident.id, unitId: resident.unitId });
  });

  it('answer a clear error for a filter the source does not have, in the language of the request', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/visitors/options/makes?filter[residentId]=1',
      headers: headers({ tenant: code, token: visitorsOnly, lang: 'es' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/residentId/);
  });
});

describe('the properties a central user may work on (GET /properties/options)', () => {
  it('are the active ones for a parking inspector, who may not list properties, and every one for an admin', async () => {
    const active = await createProperty(ctx.database, { name: 'Zephyr Court Active' });
    const closed = await createProperty(ctx.database, { name: 'Zephyr Court Closed', active: false });
    const inspector = await login(ctx, await createCentralUser(ctx.database, 'parking-inspector'));
    const admin = await login(ctx, await createCentralUser(ctx.database, 'admin'));
    const central = (url: string, token: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/central${url}`, headers: headers({ token }) });

    expect((await central('/properties', inspector)).statusCode).toBe(403);
    const res = await central('/properties/options?filter[term]=zephyr', inspector);
    expect(res.statusCode, res.body).toBe(200);
    const offered = res.json<Page<PropertyOption>>().data;
    expect(offered).toEqual([
      {
        id: active.id,
        label: 'Zephyr Court Active',
        detail: active.code,
        country: active.country,
        timezone: active.timezone,
      },
    ]);
    const all = (await central('/properties/options?filter[term]=zephyr', admin)).json<
      Page<PropertyOption>
    >();
    expect(all.data.map((o) => o.id)).toEqual([active.id, closed.id]);
  });
});
