import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../platform/db';
import { openTestDatabase } from '../test/db';
import { createTestContext, headers, type TestContext } from '../test/harness';
import { seed } from '.';
import { DEMO_PASSWORD } from './demo';

/*
 * The demo's last weeks (seed/history.ts): a new installation's dashboard and reports open on figures, and the
 * history leaves no work behind — nothing a journey or a job would find waiting.
 */
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  const database = await openTestDatabase();
  await seed(database, { demo: true });
  ctx = await createTestContext({}, { database });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/tenant/api/auth/login',
    headers: headers({ tenant: 'oakridge' }),
    payload: { email: 'manager@oakridge.test', password: DEMO_PASSWORD },
  });
  token = res.json<{ token: string }>().token;
});
afterAll(() => ctx?.close());

const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
async function get<T>(url: string): Promise<T> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/tenant/api${url}`,
    headers: headers({ tenant: 'oakridge', token }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
/** A report of Oakridge over the last 30 days, as its manager reads it. */
const report = <T>(name: string) => get<T>(`/reports/${name}?from=${day(29)}&to=${day(0)}&groupBy=month`);

type Series = { key: string; total: number }[];
const totals = (series: Series) => Object.fromEntries(series.map((x) => [x.key, x.total]));

describe('demo history', () => {
  it("opens the property's reports on the last month's figures, not on zeros", async () => {
    const permits = await report<{ byStatus: Series }>('permits');
    expect(permits.byStatus.length).toBeGreaterThan(3);
    const visitors = await report<{ byStatus: Series; nearest: { used: number; limit: number }[] }>(
      'visitors',
    );
    expect(totals(visitors.byStatus).expired).toBeGreaterThan(10);
    expect(visitors.nearest.length).toBeGreaterThan(2);
    // Hosts stay inside their visitor limits.
    for (const r of visitors.nearest) expect(r.used).toBeLessThanOrEqual(r.limit);
    const enforcement = await report<{ warnings: Series; tows: Series }>('enforcement');
    expect(totals(enforcement.warnings).placed).toBeGreaterThan(0);
    expect(totals(enforcement.tows).towed).toBeGreaterThan(0);
    const patrol = await report<{ rounds: Series; lookups: Series; totals: { averageSeconds: number } }>(
      'patrol',
    );
    expect(totals(patrol.rounds).closed).toBeGreaterThan(10);
    expect(Object.keys(totals(patrol.lookups)).sort()).toEqual(['expired', 'none', 'permitted', 'visitor']);
    expect(patrol.totals.averageSeconds).toBeGreaterThanOrEqual(30 * 60);
    const mail = await report<{ mail: Series; imports: { kind: string; imported: number }[] }>('mail');
    expect(totals(mail.mail).sent).toBeGreaterThan(10);
    expect(mail.imports.map((i) => i.kind)).toEqual(['units']);
    expect(mail.imports[0]!.imported).toBeGreaterThan(0);
  });

  it("opens a past round's report with the lookups its observations kept", async () => {
    const list = await get<{ data: { id: number }[] }>('/patrolling-reports?pageSize=5');
    expect(list.data.length).toBeGreaterThan(0);
    const round = await get<{ observations?: { lookup: unknown }[] }>(
      `/patrolling-reports/${list.data[0]!.id}`,
    );
    expect(JSON.stringify(round)).toContain('"verdict"');
  });

  it('opens every list the history wrote to, each row in the shape the screens read', async () => {
    for (const list of ['/permit-warnings', '/vehicle-tows', '/visitors', '/binnacle', '/permits']) {
      const page = await get<{ data: unknown[] }>(`${list}?pageSize=100`);
      expect(page.data.length, list).toBeGreaterThan(0);
    }
    const [tow] = (await get<{ data: { id: number }[] }>('/vehicle-tows?pageSize=1')).data;
    await get(`/vehicle-tows/${tow!.id}`);
    const [warning] = (await get<{ data: { id: number }[] }>('/permit-warnings?pageSize=1')).data;
    await get(`/permit-warnings/${warning!.id}`);
  });

  it('leaves nothing open: no mail to send, no round under way, no warning or tow to act on', async () => {
    const [counts] = await ctx.database.withScope({ area: 'central' }, (tx) =>
      query<Record<string, string | number>>(
        tx,
        sql`select
          (select count(*) from mail_outbox where status in ('pending', 'queued')) as mail,
          (select count(*) from patrol_check_ins where checked_out_at is null) as rounds,
          (select count(*) from permit_warnings where status in ('pending', 'approved')) as warnings,
          (select count(*) from vehicle_tows where status = 'pending-to-tow') as tows,
          (select count(*) from visitors v join tenant_users u on u.property_id = v.property_id
            and u.id = v.resident_id where u.email like 'resident@%') as own,
          (select count(*) from visitors where valid_until > now()) as current`,
      ),
    );
    const open = Object.fromEntries(Object.entries(counts!).map(([k, v]) => [k, Number(v)]));
    expect(open).toEqual({ mail: 0, rounds: 0, warnings: 0, tows: 0, own: 0, current: 0 });
  });
});
