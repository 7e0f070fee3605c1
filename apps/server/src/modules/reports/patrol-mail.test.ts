import { CENTRAL_AREA_ID } from '../../platform/db/columns';
import {
  isoDayIn,
  ownVerdict,
  PLATE_VERDICTS,
  type MailReport,
  type PatrolCoverage,
  type PlateLookup,
  type ReportSeries,
} from '@parkade/contract';
import { sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { query, type Tx } from '../../platform/db';
import { createProperty, createTenantUser, formPayload, headers, login } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { ok, tenantSuite } from '../../test/suite';

/*
 * The patrol report and "Imports and mail" (decision 0047) on seeded rows of one property in Asia/Shanghai (a day
 * starts at 16:00 UTC there), each figure checked against a direct count of the stored rows; a second property's
 * rows (and the central mail, property_id null) are seeded alike and never counted. The units imports are made
 * through the API, so their audit entries are the ones the product writes.
 */
const TZ = 'Asia/Shanghai';
const s = tenantSuite({ property: { timezone: TZ } });
const DAY = 86_400_000;
const now = Date.now();
let seedValue = 11;
const rand = (n: number) => {
  seedValue = (seedValue * 1103515245 + 12345) % 2147483648;
  // The high bits: the low ones of this generator repeat every few calls.
  return Math.floor(seedValue / 65536) % n;
};
const ago = (days: number, minutes = 0) => new Date(now - days * DAY - minutes * 60_000).toISOString();

/** A plate lookup as an observation keeps it: only what the verdict is read from matters here. */
const lookup = (matches: [string, string][]): PlateLookup =>
  ({
    plate: 'X',
    checkedAt: new Date().toISOString(),
    matches: matches.map(([match, verdict]) => ({ plate: 'X', match, distance: 0, verdict })),
  }) as unknown as PlateLookup;
const LOOKUPS: PlateLookup[] = [
  lookup([]),
  lookup([['exact', 'permitted']]),
  lookup([['near', 'banned']]),
  lookup([
    ['near', 'permitted'],
    ['confusion', 'banned'],
  ]),
  lookup([['exact', 'visitor']]),
  lookup([['exact', 'expired']]),
  lookup([['exact', 'pending']]),
];
const MAIL_KINDS = ['visitor-receipt', 'visitor-link', 'password-reset', 'permit-approved'];
const MAIL_STATUSES = ['pending', 'queued', 'sent', 'sent', 'sent', 'failed', 'stored'];

/** Rounds, observations, residents imports and mail of the property in `tx` (officers' ids from `officer`). */
async function seed(tx: Tx, propertyId: number, officer: number, rounds: number) {
  const run = (text: SQL) => query<Record<string, string>>(tx, text);
  for (let i = 0; i < rounds; i++) {
    const id = officer + (i % 3);
    // The last round of each officer is left open (one open check-in per officer, whatever the property).
    const open = i >= rounds - 3;
    const start = ago(open ? 0 : rand(140), open ? 30 + i : rand(1440));
    const end = open
      ? null
      : new Date(Date.parse(start) + (5 + rand(240)) * 60_000 + rand(60_000)).toISOString();
    const area = id % 3 === 2 ? 'central' : 'tenant';
    const [round] = await run(sql`insert into patrol_check_ins (property_id, user_area, user_id, user_name,
        location_status, checked_in_at, checked_out_at)
      values (${propertyId}, ${area}, ${id}, ${`Officer ${id}${i > rounds / 2 ? ' (renamed)' : ''}`}, 'valid',
        ${start}, ${end}) returning id`);
    for (let k = rand(5); k > 0; k--) {
      const plate = rand(4) > 0;
      await run(sql`insert into patrol_observations (property_id, check_in_id, user_area, user_id, user_name,
          client_key, plate, plate_normalized, place, lookup, observed_at)
        values (${propertyId}, ${round!.id}, ${area}, ${id}, 'Officer', gen_random_uuid(), ${plate ? 'ABC1' : null},
          ${plate ? 'ABC1' : null}, ${plate ? null : 'Gate'},
          ${plate ? JSON.stringify(LOOKUPS[rand(LOOKUPS.length)]) : null}::jsonb, ${start})`);
    }
  }
  const states = ['done', 'done', 'rejected', 'failed', 'importing'];
  for (let i = 0; i < 12; i++) {
    const state = states[rand(states.length)]!;
    const rows = 1 + rand(40);
    const refused = state === 'rejected' ? 1 + rand(rows) : 0;
    await run(sql`insert into resident_imports (property_id, file_name, storage_key, state, rows_total, imported,
        rejected, created_at)
      values (${propertyId}, ${`residents-${propertyId}-${i}.xlsx`}, 'none', ${state}, ${rows},
        ${state === 'done' ? rows : state === 'importing' ? rand(rows) : 0},
        ${JSON.stringify(Array.from({ length: refused }, (_, r) => ({ row: r + 2, errors: [] })))}::jsonb,
        ${ago(rand(140), rand(1440))})`);
  }
  for (let i = 0; i < 150; i++)
    await run(sql`insert into mail_outbox (property_id, "to", subject, text, kind, status, created_at)
      values (${propertyId}, 'someone@example.com', 'Subject', 'Text', ${MAIL_KINDS[rand(MAIL_KINDS.length)]},
        ${MAIL_STATUSES[rand(MAIL_STATUSES.length)]}, ${ago(rand(140), rand(1440))})`);
}

let otherCode: string;
let otherToken: string;
/** A round that starts at 16:30 UTC: the next day in Shanghai. */
let lateRound: { utcDay: string; localDay: string };

async function unitsImport(code: string, token: string, rows: string[][], name: string) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Units');
  for (const r of [['building', 'floor', 'unit'], ...rows]) ws.addRow(r);
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), name);
  const { payload, contentType } = await formPayload(fd);
  return s.ctx.app.inject({
    method: 'POST',
    url: '/tenant/api/units/import',
    headers: { ...headers({ tenant: code, token }), 'content-type': contentType },
    payload,
  });
}

beforeAll(async () => {
  await s.inProperty((tx) => seed(tx, s.propertyId, 100, 45));
  const late = new Date(now - 10 * DAY);
  late.setUTCHours(16, 30, 0, 0);
  lateRound = { utcDay: late.toISOString().slice(0, 10), localDay: isoDayIn(late, TZ) };
  await s.inProperty((tx) =>
    query(
      tx,
      sql`insert into patrol_check_ins (property_id, user_area, user_id, user_name, location_status, checked_in_at,
          checked_out_at)
        values (${s.propertyId}, 'tenant', 99, 'Officer Midnight', 'valid', ${late.toISOString()},
          ${new Date(late.getTime() + 3_600_000).toISOString()})`,
    ),
  );
  // Central mail (no property) is never the property's.
  await s.ctx.database.withScope({ area: 'central' }, (tx) =>
    query(
      tx,
      sql`insert into mail_outbox (property_id, "to", subject, text, kind, status)
        values (${CENTRAL_AREA_ID}, 'staff@example.com', 'S', 'T', 'central-kind', 'sent')`,
    ),
  );
  // Another property, alike, with officers, imports and mail of its own.
  const other = await createProperty(s.ctx.database, { timezone: TZ });
  otherCode = other.code;
  otherToken = await login(s.ctx, await createTenantUser(s.ctx.database, other.id, 'manager'), other.code);
  await s.ctx.database.withScope({ area: 'tenant', propertyId: other.id }, async (tx) => {
    await seed(tx, other.id, 500, 20);
    await query(tx, sql`update mail_outbox set kind = 'other-kind' where property_id = ${other.id}`);
  });
  // Units imports through the API: one written, one refused (nothing written, its rows recorded); one elsewhere.
  const good = await unitsImport(
    s.code,
    s.token,
    [
      ['A', '1', '101'],
      ['A', '1', '102'],
      ['B', '', '201'],
    ],
    'ok.xlsx',
  );
  expect(good.statusCode, good.body).toBe(200);
  const bad = await unitsImport(
    s.code,
    s.token,
    [
      ['A', '2', '201'],
      ['', '', '301'],
      ['A', '1', '101'],
    ],
    'bad.xlsx',
  );
  expect(bad.json<{ rejected: unknown[] }>().rejected).toHaveLength(2);
  expect((await unitsImport(otherCode, otherToken, [['Z', '', '1']], 'other.xlsx')).statusCode).toBe(200);
});

/** Direct counts: period → key → n. */
type Counts = Record<string, Record<string, number>>;
async function direct(statement: SQL): Promise<Counts> {
  const rows = await s.inProperty((tx) => query<{ period: string; key: string; n: number }>(tx, statement));
  const out: Counts = {};
  for (const r of rows) if (Number(r.n)) (out[r.period] ??= {})[r.key] = Number(r.n);
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
  sql.raw(`to_char(${col} at time zone '${TZ}', '${group === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'}')`);
const inPeriod = (iso: string, r: { from: string; to: string }) => {
  const day = isoDayIn(iso, TZ);
  return day >= r.from && day <= r.to;
};

describe('GET /reports/patrol', () => {
  it('counts rounds, time on site and lookups per day, and per officer, as the stored rounds say', async () => {
    const r = await ok<PatrolCoverage>(await s.call('GET', '/reports/patrol'));
    expect([r.groupBy, r.timeZone, r.periods.length]).toEqual(['day', TZ, 90]);
    const where = sql`property_id = ${s.propertyId} and ${range('checked_in_at', r.from, r.to)}`;
    expect(fromSeries(r.periods, r.rounds)).toEqual(
      await direct(sql`select ${bucket('checked_in_at', 'day')} as period,
        case when checked_out_at is null then 'open' else 'closed' end as key, count(*) as n
        from patrol_check_ins where ${where} group by 1, 2`),
    );
    // Every other figure from the raw rows, in JS: the verdict by the contract's own ownVerdict.
    const rounds = await s.inProperty((tx) =>
      query<{ id: string; area: string; user: string; name: string; at: string; out: string | null }>(
        tx,
        sql`select id::text as id, user_area as area, user_id::text as user, user_name as name,
          to_json(checked_in_at)#>>'{}' as at, to_json(checked_out_at)#>>'{}' as out
          from patrol_check_ins where property_id = ${s.propertyId} order by checked_in_at`,
      ),
    );
    const seen = await s.inProperty((tx) =>
      query<{ round: string; lookup: PlateLookup | null }>(
        tx,
        sql`select check_in_id::text as round, lookup from patrol_observations where property_id = ${s.propertyId}`,
      ),
    );
    const mine = rounds.filter((x) => inPeriod(x.at, r));
    const seconds = (x: (typeof rounds)[number]) =>
      x.out === null ? 0 : Math.floor((Date.parse(x.out) - Date.parse(x.at)) / 1000);
    const expected = new Map<string, Record<string, number | string | null>>();
    const lookups: Counts = {};
    for (const x of mine) {
      const key = `${x.area}:${x.user}`;
      const o = expected.get(key) ?? { name: '', rounds: 0, open: 0, seconds: 0, closed: 0, observations: 0 };
      o.name = x.name;
      o.rounds = Number(o.rounds) + 1;
      o.open = Number(o.open) + (x.out === null ? 1 : 0);
      o.closed = Number(o.closed) + (x.out === null ? 0 : 1);
      o.seconds = Number(o.seconds) + seconds(x);
      for (const ob of seen.filter((y) => y.round === x.id)) {
        o.observations = Number(o.observations) + 1;
        const v = ownVerdict(ob.lookup);
        if (v === null) continue;
        o[v] = Number(o[v] ?? 0) + 1;
        const day = isoDayIn(x.at, TZ);
        (lookups[day] ??= {})[v] = (lookups[day][v] ?? 0) + 1;
      }
      expected.set(key, o);
    }
    expect(fromSeries(r.periods, r.lookups)).toEqual(lookups);
    expect(r.lookups.map((x) => x.key)).toEqual(
      PLATE_VERDICTS.filter((v) => r.lookups.some((x) => x.key === v)),
    );
    expect(r.seconds.reduce((a, b) => a + b, 0)).toBe(mine.reduce((n, x) => n + seconds(x), 0));
    r.periods.forEach((day, i) =>
      expect(r.seconds[i]).toBe(
        mine.filter((x) => isoDayIn(x.at, TZ) === day).reduce((n, x) => n + seconds(x), 0),
      ),
    );
    expect(r.officers.map((o) => o.key).sort()).toEqual([...expected.keys()].sort());
    for (const o of r.officers) {
      const e = expected.get(o.key)!;
      const closed = Number(e.closed);
      expect(o).toMatchObject({
        name: e.name,
        rounds: e.rounds,
        open: e.open,
        seconds: e.seconds,
        averageSeconds: closed ? Math.round(Number(e.seconds) / closed) : null,
        observations: e.observations,
      });
      for (const v of PLATE_VERDICTS) expect([v, o.verdicts[v]]).toEqual([v, e[v] ?? 0]);
      expect(o.lookups).toBe(PLATE_VERDICTS.reduce((n, v) => n + o.verdicts[v], 0));
    }
    expect(r.totals.rounds).toBe(mine.length);
    expect(r.totals.open).toBe(3);
    expect(r.totals.observations).toBe(r.officers.reduce((n, o) => n + o.observations, 0));
    expect(r.totals.lookups).toBeGreaterThan(10);
    // The renamed officer shows the name of their latest round; no officer of the other property is counted.
    expect(r.officers.some((o) => o.name.endsWith('(renamed)'))).toBe(true);
    expect(r.officers.every((o) => !/^(tenant|central):5\d\d$/.test(o.key))).toBe(true);
  });

  it("counts a round in the property's day: 16:30 UTC is the next day in Shanghai", async () => {
    const on = (day: string) =>
      s.call('GET', `/reports/patrol?from=${day}&to=${day}`).then((x) => ok<PatrolCoverage>(x));
    const local = await on(lateRound.localDay);
    expect(local.officers.find((o) => o.name === 'Officer Midnight')).toMatchObject({
      rounds: 1,
      open: 0,
      seconds: 3600,
      averageSeconds: 3600,
    });
    const utc = await on(lateRound.utcDay);
    expect(utc.officers.find((o) => o.name === 'Officer Midnight')).toBeUndefined();
  });

  it('per month over a longer period: the same rounds, their time and lookups', async () => {
    const from = isoDayIn(ago(200), TZ);
    const to = isoDayIn(ago(0), TZ);
    const r = await ok<PatrolCoverage>(await s.call('GET', `/reports/patrol?from=${from}&to=${to}`));
    expect(r.groupBy).toBe('month');
    expect(fromSeries(r.periods, r.rounds)).toEqual(
      await direct(sql`select ${bucket('checked_in_at', 'month')} as period,
        case when checked_out_at is null then 'open' else 'closed' end as key, count(*) as n
        from patrol_check_ins where property_id = ${s.propertyId} and ${range('checked_in_at', from, to)}
        group by 1, 2`),
    );
    const [all] = await s.inProperty((tx) =>
      query<{ rounds: number; seconds: number; lookups: number }>(
        tx,
        sql`select (select count(*)::int from patrol_check_ins c where c.property_id = ${s.propertyId}
            and ${range('c.checked_in_at', from, to)}) as rounds,
          (select coalesce(sum(floor(extract(epoch from checked_out_at - checked_in_at))), 0)::float8
            from patrol_check_ins c where c.property_id = ${s.propertyId} and ${range('c.checked_in_at', from, to)})
            as seconds,
          (select count(*)::int from patrol_observations o join patrol_check_ins c
            on c.property_id = o.property_id and c.id = o.check_in_id
            where o.property_id = ${s.propertyId} and o.lookup is not null
            and ${range('c.checked_in_at', from, to)}) as lookups`,
      ),
    );
    expect(r.totals).toMatchObject({ rounds: all!.rounds, seconds: all!.seconds, lookups: all!.lookups });
  });
});

describe('GET /reports/mail', () => {
  it('counts the rows of the imports and the mail per day, by status and kind, as a direct count does', async () => {
    const r = await ok<MailReport>(await s.call('GET', '/reports/mail'));
    const where = (col: string) => sql`property_id = ${s.propertyId} and ${range(col, r.from, r.to)}`;
    expect(fromSeries(r.periods, r.mail)).toEqual(
      await direct(sql`select ${bucket('created_at', 'day')} as period, status as key, count(*) as n
        from mail_outbox where ${where('created_at')} group by 1, 2`),
    );
    const kinds = await direct(sql`select kind as period, status as key, count(*) as n
        from mail_outbox where ${where('created_at')} group by 1, 2`);
    expect(Object.fromEntries(r.byKind.map((k) => [k.kind, k.total]))).toEqual(
      Object.fromEntries(
        Object.entries(kinds).map(([k, x]) => [k, Object.values(x).reduce((a, b) => a + b, 0)]),
      ),
    );
    for (const k of r.byKind)
      expect(Object.fromEntries(Object.entries(k.statuses).filter(([, n]) => n))).toEqual(kinds[k.kind]);
    expect(r.byKind.map((k) => k.kind)).not.toContain('other-kind');
    expect(r.byKind.map((k) => k.kind)).not.toContain('central-kind');
    // Imports: the residents imports' rows and the units imports' audit entries, per day of their start.
    const units = (field: string) => `(changes->'${field}'->>'new')::int`;
    expect(fromSeries(r.periods, r.importRows)).toEqual(
      await direct(sql`select period, key, sum(n)::int as n from (
          select ${bucket('created_at', 'day')} as period, 'imported' as key, imported as n
            from resident_imports where ${where('created_at')}
          union all select ${bucket('created_at', 'day')}, 'refused', jsonb_array_length(rejected)
            from resident_imports where ${where('created_at')}
          union all select ${bucket('created_at', 'day')}, 'imported', ${sql.raw(units('units'))}
            from binnacle where ${where('created_at')} and entity = 'units' and action = 'import'
          union all select ${bucket('created_at', 'day')}, 'refused', coalesce(${sql.raw(units('refused'))}, 0)
            from binnacle where ${where('created_at')} and entity = 'units' and action = 'import') x
        group by 1, 2`),
    );
    const [n] = await s.inProperty((tx) =>
      query<{ n: number }>(
        tx,
        sql`select (select count(*)::int from resident_imports where ${where('created_at')})
          + (select count(*)::int from binnacle where ${where('created_at')} and entity = 'units'
             and action = 'import') as n`,
      ),
    );
    expect(r.importCount).toBe(n!.n);
    expect(r.imports).toHaveLength(n!.n);
    expect(r.imports.map((i) => i.at)).toEqual([...r.imports.map((i) => i.at)].sort().reverse());
    expect(r.imports.filter((i) => i.kind === 'units')).toEqual([
      expect.objectContaining({ fileName: 'bad.xlsx', state: 'rejected', rows: 3, imported: 0, refused: 2 }),
      expect.objectContaining({ fileName: 'ok.xlsx', state: 'done', rows: 3, imported: 3, refused: 0 }),
    ]);
    expect(
      r.imports.every((i) => i.fileName?.startsWith(`residents-${s.propertyId}-`) || i.kind === 'units'),
    ).toBe(true);
  });

  it('per month, the mail of a longer period', async () => {
    const from = isoDayIn(ago(200), TZ);
    const to = isoDayIn(ago(0), TZ);
    const r = await ok<MailReport>(await s.call('GET', `/reports/mail?from=${from}&to=${to}&groupBy=month`));
    expect(fromSeries(r.periods, r.mail)).toEqual(
      await direct(sql`select ${bucket('created_at', 'month')} as period, status as key, count(*) as n
        from mail_outbox where property_id = ${s.propertyId} and ${range('created_at', from, to)} group by 1, 2`),
    );
    expect(r.mail.reduce((n, x) => n + x.total, 0)).toBe(150);
  });
});

describe('patrol and mail: periods, exports, permissions', () => {
  it("refuses a bad period or grouping in the reader's language (422)", async () => {
    for (const name of ['patrol', 'mail']) {
      const bad = await s.call('GET', `/reports/${name}?from=2026-05-02&to=2026-05-01`, undefined, {
        lang: 'es',
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json<{ errors: Record<string, string[]> }>().errors.to).toEqual([
        'El final del período no puede ser anterior a su inicio.',
      ]);
      expect((await s.call('GET', `/reports/${name}?groupBy=year`)).statusCode).toBe(422);
      expect((await s.call('GET', `/reports/${name}/export?from=2020-01-01&to=2026-01-01`)).statusCode).toBe(
        422,
      );
      expect((await s.call('GET', `/reports/${name}?from=2026-02-30`)).statusCode).toBe(422);
    }
  });

  it("writes the patrol report's sheets in the reader's language; the figures read back", async () => {
    const res = await s.ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/reports/patrol/export?format=xlsx',
      headers: headers({ tenant: s.code, token: s.token, lang: 'es' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('patrol-');
    const shown = await ok<PatrolCoverage>(await s.call('GET', '/reports/patrol'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Acerca de',
      'Rondas',
      'Consultas de matrícula',
      'Por oficial',
    ]);
    const rounds = book.getWorksheet('Rondas')!;
    const last = rounds.getRow(rounds.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    expect(last.getCell(shown.rounds.length + 2).value).toBe(shown.totals.rounds);
    // Time on site: a duration cell (days), shown [h]:mm.
    expect(rounds.getRow(1).getCell(shown.rounds.length + 3).value).toBe('Tiempo en la propiedad');
    // ExcelJS reads a number under a time format back as a date: its days since Excel's epoch.
    const time = last.getCell(shown.rounds.length + 3).value;
    const days = time instanceof Date ? (time.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000 : Number(time);
    expect(days * 86_400).toBeCloseTo(shown.totals.seconds, 0);
    expect(last.getCell(shown.rounds.length + 3).numFmt).toBe('[h]:mm');
    const officers = book.getWorksheet('Por oficial')!;
    expect(officers.rowCount).toBe(1 + shown.officers.length + 1);
    expect(officers.getRow(2).getCell(1).value).toBe(shown.officers[0]!.name);
  });

  it("writes the mail report's PDF in the reader's language: titles, legends and totals", async () => {
    const res = await s.ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/reports/mail/export?format=pdf',
      headers: headers({ tenant: s.code, token: s.token, lang: 'zh' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    const shown = await ok<MailReport>(await s.call('GET', '/reports/mail'));
    for (const words of ['导入与邮件', '导入的行', '邮件（按投递状态）', '邮件（按类型）', '已发送', '合计'])
      expect(text).toContain(words);
    expect(text).toContain(`合计 ${shown.mail.reduce((n, x) => n + x.total, 0)}`);
    expect(text).toContain(`开始的导入 ${shown.importCount}`);
    expect(text).toContain('bad.xlsx');
  });

  it('exports both, as .xlsx and as PDF; the mail .xlsx lists every import', async () => {
    for (const name of ['patrol', 'mail'])
      for (const format of ['xlsx', 'pdf'])
        expect(
          (await s.call('GET', `/reports/${name}/export?format=${format}&groupBy=month`)).statusCode,
        ).toBe(200);
    const res = await s.ctx.app.inject({
      method: 'GET',
      url: '/tenant/api/reports/mail/export?format=xlsx',
      headers: headers({ tenant: s.code, token: s.token }),
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const shown = await ok<MailReport>(await s.call('GET', '/reports/mail'));
    expect(book.getWorksheet('Imports')!.rowCount).toBe(1 + shown.importCount);
  });

  it('needs reports.index to read and reports.export to export', async () => {
    const assistant = await createTenantUser(s.ctx.database, s.propertyId, 'assistant');
    const token = await login(s.ctx, assistant, s.code);
    for (const url of ['/reports/patrol', '/reports/mail', '/reports/patrol/export', '/reports/mail/export'])
      expect((await s.call('GET', url, undefined, { token })).statusCode).toBe(403);
  });
});
