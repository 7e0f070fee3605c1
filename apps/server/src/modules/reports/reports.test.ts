import {
  isoDayIn,
  RESERVED_SPOT_PERMIT_TYPE_ID,
  type EnforcementReport,
  type OccupancyReport,
  type PermitsReport,
  type ReportSeries,
  type VisitorsReport,
} from '@parkade/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../platform/db';
import { createTenantUser, headers, login } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { ok, tenantSuite } from '../../test/suite';

/*
 * The reports (decision 0047) on seeded rows of one property (time zone America/New_York), each figure checked
 * against a direct SQL count written here from the stored columns; the filters narrow them the same way; the export
 * reads back; the permission is reports.index (export: reports.export).
 */
const s = tenantSuite();
const TZ = 'America/New_York';
const DAY = 86_400_000;
let buildingA: number;
let residentsA: number[];
let permitTypeIds: number[];
const now = Date.now();
/** A deterministic sequence, so a failure repeats. */
let seedValue = 7;
const rand = (n: number) => {
  seedValue = (seedValue * 1103515245 + 12345) % 2147483648;
  return seedValue % n;
};
const ago = (days: number, hours = 0) => new Date(now - days * DAY - hours * 3_600_000).toISOString();

beforeAll(async () => {
  const setup = await s.ctx.database.withScope({ area: 'central' }, async (tx) => {
    const ids = async (table: string, extra = '') => {
      let rows = await query<{ id: string }>(tx, sql.raw(`select id from ${table} order by id limit 3`));
      if (rows.length === 0) {
        await query(
          tx,
          sql.raw(`insert into ${table} (code, name${extra ? ', ' + extra.split('=')[0] : ''})
                   values ('r1', 'Report one'${extra ? ', ' + extra.split('=')[1] : ''}),
                          ('r2', 'Report two'${extra ? ', ' + extra.split('=')[1] : ''})`),
        );
        rows = await query<{ id: string }>(tx, sql.raw(`select id from ${table} order by id limit 3`));
      }
      return rows.map((r) => Number(r.id));
    };
    return {
      types: await ids('permit_types'),
      warnings: await ids('warnings'),
      reasons: await ids('reasons'),
      tows: await ids('tows'),
    };
  });
  permitTypeIds = setup.types;
  await s.inProperty(async (tx) => {
    const pid = s.propertyId;
    const run = (text: SQLText) => query<Record<string, string>>(tx, text);
    type SQLText = ReturnType<typeof sql>;
    const [a, b] = await run(
      sql`insert into buildings (property_id, name) values (${pid}, 'A'), (${pid}, 'B') returning id`,
    );
    buildingA = Number(a!.id);
    const unitRows = await run(sql`insert into units (property_id, building_id, name)
      values (${pid}, ${a!.id}, '101'), (${pid}, ${a!.id}, '102'), (${pid}, ${b!.id}, '201') returning id`);
    const people: number[] = [];
    for (let i = 0; i < 6; i++) {
      const [u] =
        await run(sql`insert into tenant_users (property_id, type, full_name, email, password_hash, language)
        values (${pid}, 'tenant-resident', ${`Resident ${i}`}, ${`report.r${i}@test.local`}, '!', 'en') returning id`);
      const id = Number(u!.id);
      await run(
        sql`insert into residents (property_id, id, visitor_limit) values (${pid}, ${id}, ${i === 0 ? 3 : null})`,
      );
      // Residents 0–3 live in building A, 4–5 in B.
      await run(sql`insert into resident_units (property_id, resident_id, unit_id)
        values (${pid}, ${id}, ${unitRows[i < 2 ? 0 : i < 4 ? 1 : 2]!.id})`);
      people.push(id);
    }
    residentsA = people.slice(0, 4);
    const statuses = ['pending', 'approved', 'approved', 'rejected', 'revoked', 'inactive'];
    for (let i = 0; i < 80; i++) {
      const status = statuses[rand(statuses.length)]!;
      const days = rand(130);
      await run(sql`insert into permits (property_id, code, resident_id, permit_type_id, status, year, public_token,
          expires_on, start_date, created_at, deleted_at)
        values (${pid}, ${`RP-${i}`}, ${people[rand(6)]}, ${permitTypeIds[rand(permitTypeIds.length)]}, ${status},
          2026, ${`tok${i}`}, ${rand(3) === 0 ? isoDayIn(ago(rand(20) - 10), TZ) : null},
          ${rand(4) === 0 ? isoDayIn(ago(-rand(20)), TZ) : null}, ${ago(days, rand(24))},
          ${i % 17 === 0 ? ago(0) : null})`);
    }
    const vStatuses = ['pending', 'valid', 'expired', 'revoked', 'rejected', null];
    for (let i = 0; i < 160; i++) {
      const status = vStatuses[rand(vStatuses.length)] ?? null;
      const from = ago(rand(120) - 5, rand(24));
      await run(sql`insert into visitors (property_id, name, resident_id, permit_code, permit_status, valid_from,
          valid_until, deleted_at)
        values (${pid}, ${`Guest ${i}`}, ${people[rand(6)]}, ${status ? `RV-${i}` : null}, ${status},
          ${status ? from : null}, ${status ? new Date(Date.parse(from) + DAY).toISOString() : null},
          ${i % 23 === 0 ? ago(0) : null})`);
    }
    // A round with observations, the warnings asked from them and the tows of some.
    const [round] = await run(sql`insert into patrol_check_ins (property_id, user_area, user_id, user_name,
        location_status, checked_out_at) values (${pid}, 'tenant', 1, 'Officer', 'verified', now()) returning id`);
    const wStatuses = ['pending', 'approved', 'rejected', 'placed', 'cancelled'];
    const tStatuses = ['pending-to-tow', 'towed', 'cancelled'];
    for (let i = 0; i < 60; i++) {
      const created = ago(rand(400), rand(24));
      const [obs] =
        await run(sql`insert into patrol_observations (property_id, check_in_id, user_area, user_id,
          user_name, client_key, plate, plate_normalized, observed_at)
        values (${pid}, ${round!.id}, 'tenant', 1, 'Officer', gen_random_uuid(), ${`W${i}`}, ${`W${i}`}, ${created})
        returning id`);
      const status = wStatuses[rand(wStatuses.length)]!;
      const [w] = await run(sql`insert into permit_warnings (property_id, observation_id, check_in_id, plate,
          plate_normalized, warning_id, reason_id, status, requested_by_area, requested_by_id, requested_by_name,
          created_at)
        values (${pid}, ${obs!.id}, ${round!.id}, ${`W${i}`}, ${`W${i}`}, ${setup.warnings[0]}, ${setup.reasons[0]},
          ${status}, 'tenant', 1, 'Officer', ${created}) returning id`);
      if (status === 'placed' && rand(3) > 0)
        await run(sql`insert into vehicle_tows (property_id, permit_warning_id, tow_id, plate, plate_normalized, status,
            tow_authorization_date, ready_to_tow_at, authorized_by_area, authorized_by_id, authorized_by_name,
            photo_file_ids, created_at)
          values (${pid}, ${w!.id}, ${setup.tows[0]}, ${`W${i}`}, ${`W${i}`}, ${tStatuses[rand(3)]}, ${created},
            ${created}, 'tenant', 1, 'Manager', '[]'::jsonb, ${ago(rand(60), rand(24))})`);
    }
    const [north] = await run(
      sql`insert into parking_areas (property_id, name) values (${pid}, 'North') returning id`,
    );
    const types = ['resident', 'visitor', 'handicap'];
    const spotStatuses = ['available', 'available', 'assigned', 'outOfService', 'reserved'];
    for (let i = 0; i < 30; i++)
      await run(sql`insert into spots (property_id, area_id, number, type, status)
        values (${pid}, ${i % 3 === 0 ? null : north!.id}, ${`S${i}`}, ${types[rand(3)]},
          ${spotStatuses[rand(spotStatuses.length)]})`);
    // An available spot reserved today shows reserved.
    const [spot] = await run(
      sql`select id from spots where property_id = ${pid} and status = 'available' limit 1`,
    );
    await run(sql`insert into reservations (property_id, spot_id, resident_id, starts_on, ends_on, status)
      values (${pid}, ${spot!.id}, ${people[0]}, current_date - 1, current_date + 1, 'confirmed')`);
  });
});

/** Direct counts: period → key → n. */
type Counts = Record<string, Record<string, number>>;
async function direct(statement: ReturnType<typeof sql>): Promise<Counts> {
  const rows = await s.inProperty((tx) => query<{ period: string; key: string; n: number }>(tx, statement));
  const out: Counts = {};
  for (const r of rows) (out[r.period] ??= {})[r.key] = Number(r.n);
  return out;
}
function fromSeries(periods: string[], series: ReportSeries[]): Counts {
  const out: Counts = {};
  for (const x of series) {
    expect(x.total).toBe(x.values.reduce((a, b) => a + b, 0));
    x.values.forEach((n, i) => {
      if (n) (out[periods[i]!] ??= {})[x.key] = n;
    });
  }
  return out;
}
const range = (col: string, from: string, to: string) =>
  sql.raw(`${col} >= ('${from}'::date::timestamp at time zone '${TZ}')
    and ${col} < (('${to}'::date + 1)::timestamp at time zone '${TZ}')`);
const bucket = (col: string, group: 'day' | 'month') =>
  sql.raw(
    `to_char(date_trunc('${group}', ${col} at time zone '${TZ}'), '${group === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'}')`,
  );
const total = (c: Counts) =>
  Object.values(c).reduce((n, x) => n + Object.values(x).reduce((a, b) => a + b, 0), 0);

const PERMIT_STATUS = sql.raw(`case
  when status = 'approved' and expires_on < current_date then 'expired'
  when status = 'approved' and start_date > current_date then 'later'
  when status = 'pending' and permit_type_id = ${RESERVED_SPOT_PERMIT_TYPE_ID} and spot_id is null then 'awaiting-spot'
  when status = 'pending' and exists (select 1 from residents r where r.property_id = permits.property_id
    and r.id = permits.resident_id and r.status = 'pending-parking-policies') then 'to-complete'
  else status end`);

describe('GET /reports/permits', () => {
  it('counts permits by shown status and by type per day, as a direct count does', async () => {
    const r = await ok<PermitsReport>(await s.call('GET', '/reports/permits'));
    expect(r.groupBy).toBe('day');
    expect(r.periods).toHaveLength(90);
    expect(r.timeZone).toBe(TZ);
    const where = sql`property_id = ${s.propertyId} and deleted_at is null and ${range('created_at', r.from, r.to)}`;
    expect(fromSeries(r.periods, r.byStatus)).toEqual(
      await direct(sql`select ${bucket('created_at', 'day')} as period, ${PERMIT_STATUS} as key, count(*) as n
        from permits where ${where} group by 1, 2`),
    );
    expect(fromSeries(r.periods, r.byType)).toEqual(
      await direct(sql`select ${bucket('created_at', 'day')} as period, permit_type_id::text as key, count(*) as n
        from permits where ${where} group by 1, 2`),
    );
    expect(r.byType.every((x) => typeof x.name === 'string')).toBe(true);
    expect(total(fromSeries(r.periods, r.byStatus))).toBeGreaterThan(20);
  });

  it('per month, narrowed to a building and a permit type', async () => {
    const from = isoDayIn(ago(200), TZ);
    const to = isoDayIn(ago(0), TZ);
    const typeId = permitTypeIds[0]!;
    const r = await ok<PermitsReport>(
      await s.call(
        'GET',
        `/reports/permits?from=${from}&to=${to}&groupBy=month&buildingId=${buildingA}&permitTypeId=${typeId}`,
      ),
    );
    expect(r.periods[0]).toBe(from.slice(0, 7));
    expect(r.periods.at(-1)).toBe(to.slice(0, 7));
    const counted =
      await direct(sql`select ${bucket('created_at', 'month')} as period, ${PERMIT_STATUS} as key,
        count(*) as n from permits where property_id = ${s.propertyId} and deleted_at is null
        and ${range('created_at', from, to)} and permit_type_id = ${typeId}
        and resident_id in (${sql.join(
          residentsA.map((id) => sql`${id}`),
          sql`, `,
        )}) group by 1, 2`);
    expect(fromSeries(r.periods, r.byStatus)).toEqual(counted);
    expect(r.byType.map((x) => x.key)).toEqual(total(counted) ? [String(typeId)] : []);
  });

  it('refuses a period that ends before it starts or is too long, or a group it does not know (422)', async () => {
    const bad = await s.call('GET', '/reports/permits?from=2026-05-02&to=2026-05-01');
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors.to).toEqual([
      'The end of the period must not be before its start.',
    ]);
    expect((await s.call('GET', '/reports/permits?groupBy=week')).statusCode).toBe(422);
    expect((await s.call('GET', '/reports/permits?from=2020-01-01&to=2026-01-01')).statusCode).toBe(422);
  });
});

describe('GET /reports/visitors', () => {
  it('counts visitor permits per day of their start by status, as a direct count does', async () => {
    const r = await ok<VisitorsReport>(await s.call('GET', '/reports/visitors'));
    const counted = await direct(sql`select ${bucket('valid_from', 'day')} as period,
        case when permit_status in ('pending', 'valid') and valid_until <= now() then 'expired'
          else permit_status end as key, count(*) as n
      from visitors where property_id = ${s.propertyId} and deleted_at is null and permit_status is not null
        and ${range('valid_from', r.from, r.to)} group by 1, 2`);
    expect(fromSeries(r.periods, r.byStatus)).toEqual(counted);
    expect(total(counted)).toBeGreaterThan(50);
  });

  it("names the residents nearest their limit: granted permits in today's window against their own limit", async () => {
    const r = await ok<VisitorsReport>(await s.call('GET', '/reports/visitors'));
    expect(r.windowDays).toBe(30);
    const used = await s.inProperty((tx) =>
      query<{ id: string; used: number }>(
        tx,
        sql`select resident_id as id, count(*)::int as used from visitors where property_id = ${s.propertyId}
          and deleted_at is null and permit_status in ('valid', 'revoked', 'expired')
          and valid_from >= ((date_trunc('day', now() at time zone ${TZ}) - interval '29 days') at time zone ${TZ})
          group by 1`,
      ),
    );
    expect(r.nearest.length).toBe(used.length);
    for (const n of r.nearest) {
      expect(n.used).toBe(used.find((u) => Number(u.id) === n.residentId)?.used);
      expect(n.limit).toBe(n.residentId === residentsA[0] ? 3 : 10);
    }
    const left = r.nearest.map((n) => n.limit - n.used);
    expect(left).toEqual([...left].sort((a, b) => a - b));
    const inA = await ok<VisitorsReport>(await s.call('GET', `/reports/visitors?buildingId=${buildingA}`));
    expect(inA.nearest.every((n) => residentsA.includes(n.residentId))).toBe(true);
    expect(inA.nearest.map((n) => n.units)).not.toContain('201');
  });
});

describe('GET /reports/enforcement', () => {
  it('counts warnings and tows per month by the status they reached, as a direct count does', async () => {
    const from = isoDayIn(ago(365), TZ);
    const to = isoDayIn(ago(0), TZ);
    const r = await ok<EnforcementReport>(await s.call('GET', `/reports/enforcement?from=${from}&to=${to}`));
    expect(r.groupBy).toBe('month');
    expect(r.periods).toHaveLength(13);
    const of = (table: string) =>
      direct(sql`select ${bucket('created_at', 'month')} as period, status as key, count(*) as n
        from ${sql.raw(table)} where property_id = ${s.propertyId} and ${range('created_at', from, to)} group by 1, 2`);
    expect(fromSeries(r.periods, r.warnings)).toEqual(await of('permit_warnings'));
    expect(fromSeries(r.periods, r.tows)).toEqual(await of('vehicle_tows'));
    expect(total(fromSeries(r.periods, r.tows))).toBeGreaterThan(0);
  });
});

describe('GET /reports/occupancy', () => {
  it("counts the spots of each area and type by today's status, a reservation making one reserved", async () => {
    const r = await ok<OccupancyReport>(await s.call('GET', '/reports/occupancy'));
    const rows = await s.inProperty((tx) =>
      query<{ area: string | null; type: string; status: string; n: number }>(
        tx,
        sql`select a.name as area, sp.type, case when sp.status = 'available' and exists (select 1 from reservations r
            where r.property_id = sp.property_id and r.spot_id = sp.id and r.status = 'confirmed'
            and r.starts_on <= current_date and r.ends_on >= current_date) then 'reserved' else sp.status end as status,
            count(*)::int as n
          from spots sp left join parking_areas a on a.property_id = sp.property_id and a.id = sp.area_id
          where sp.property_id = ${s.propertyId} group by 1, 2, 3`,
      ),
    );
    const expected: Record<string, Record<string, number>> = {};
    for (const x of rows) {
      const cell = (expected[`${x.area}:${x.type}`] ??= { total: 0 });
      cell[x.status] = (cell[x.status] ?? 0) + x.n;
      cell.total! += x.n;
    }
    const got: typeof expected = {};
    for (const x of r.rows) {
      const cell: Record<string, number> = { total: x.total };
      for (const k of ['available', 'assigned', 'reserved', 'outOfService'] as const)
        if (x[k]) cell[k] = x[k];
      got[`${x.area}:${x.type}`] = cell;
    }
    expect(got).toEqual(expected);
    expect(r.totals.total).toBe(30);
    expect(r.byArea.reduce((n, x) => n + x.total, 0)).toBe(30);
    expect(r.byType.reduce((n, x) => n + x.reserved, 0)).toBe(r.totals.reserved);
    expect(r.totals.reserved).toBeGreaterThan(0);
  });
});

describe('GET /reports/{name}/export', () => {
  it("writes the report's tables in the reader's language; the figures read back", async () => {
    const res = await s.ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/reports/enforcement/export?format=xlsx&groupBy=month',
      headers: headers({ tenant: s.code, token: s.token, lang: 'es' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('enforcement-');
    const shown = await ok<EnforcementReport>(await s.call('GET', '/reports/enforcement?groupBy=month'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Acerca de', 'Avisos', 'Remolques']);
    const warnings = book.getWorksheet('Avisos')!;
    expect(warnings.getRow(1).getCell(1).value).toBe('Período');
    const last = warnings.getRow(warnings.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    expect(last.getCell(shown.warnings.length + 2).value).toBe(
      shown.warnings.reduce((n, x) => n + x.total, 0),
    );
  });

  it('exports every report, as .xlsx and as PDF', async () => {
    for (const name of ['permits', 'visitors', 'enforcement', 'occupancy'])
      for (const format of ['xlsx', 'pdf'])
        expect((await s.call('GET', `/reports/${name}/export?format=${format}`)).statusCode).toBe(200);
  });

  it("writes the PDF's title, charts' legends and tables in the reader's language", async () => {
    const res = await s.ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/reports/enforcement/export?format=pdf&groupBy=month',
      headers: headers({ tenant: s.code, token: s.token, lang: 'zh' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    const shown = await ok<EnforcementReport>(await s.call('GET', '/reports/enforcement?groupBy=month'));
    for (const words of ['警告与拖车', '警告', '拖车', '合计']) expect(text).toContain(words);
    expect(text).toContain(`合计 ${shown.warnings.reduce((n, x) => n + x.total, 0)}`);
  });
});

describe('reports permissions', () => {
  it('needs reports.index to read and reports.export to export', async () => {
    const assistant = await createTenantUser(s.ctx.database, s.propertyId, 'assistant');
    const token = await login(s.ctx, assistant, s.code);
    expect((await s.call('GET', '/reports/permits', undefined, { token })).statusCode).toBe(403);
    expect((await s.call('GET', '/reports/permits/export', undefined, { token })).statusCode).toBe(403);
  });
});
