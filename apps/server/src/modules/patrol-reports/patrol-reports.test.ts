import type { CheckIn, ListResponse, Observation, PatrolReport, PatrolReportItem } from '@parkade/contract';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../platform/db';
import { inScope } from '../../platform/scope';
import { readSheetRows } from '../../platform/xlsx';
import { makeRound } from '../../test/factories/patrol-reports';
import { createProperty, createTenantUser, formPayload, headers, login } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { ok, tenantSuite } from '../../test/suite';
import { patrolCheckIns } from '../patrolling/table';
import { properties } from '../properties/table';

/**
 * Patrol reports (issue 18; SPEC §5 "patrol reports need an active check-in"): a summary without an active
 * check-in is refused, with one it is saved in the round's report; staff list and filter the rounds (another
 * property's report is a 404), read one with its observations and photos, and export it as .xlsx and PDF.
 */
const s = tenantSuite({ role: 'parking-inspector' });

const LAT = 30.2672;
const LON = -97.7431;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let manager: string;
/** The suite's signed-in officer (the property's first user). */
let inspector: { id: number; name: string };
let roundId: number;
let reportId: number;
let observation: Observation;

const asManager = (method: 'GET' | 'POST', url: string, body?: unknown, lang?: string) =>
  s.call(method, url, body, { token: manager, lang });
/** A file answer (headers and bytes), as the manager. */
const fetchFile = (url: string, lang?: string) =>
  s.ctx.app.inject({
    method: 'GET',
    url: `/tenant/api${url}`,
    headers: headers({ tenant: s.code, token: manager, lang }),
  });
const list = async (qs: string) =>
  (await ok<ListResponse<PatrolReportItem>>(await asManager('GET', `/patrolling-reports?${qs}`))).data;

async function observe(fields: Record<string, string>, photos: [string, Buffer][]) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [name, bytes] of photos) fd.append('photos', new Blob([new Uint8Array(bytes)]), name);
  const { payload, contentType } = await formPayload(fd);
  return s.ctx.app.inject({
    method: 'POST',
    url: '/tenant/api/patrolling/observations',
    headers: { ...headers({ tenant: s.code, token: s.token }), 'content-type': contentType },
    payload,
  });
}

beforeAll(async () => {
  await s.ctx.database.withScope({ area: 'central' }, (tx) =>
    tx
      .update(properties)
      .set({ latitude: LAT, longitude: LON, timezone: 'America/Chicago' })
      .where(eq(properties.id, s.propertyId)),
  );
  manager = await login(s.ctx, await createTenantUser(s.ctx.database, s.propertyId, 'manager'), s.code);
  const [first] = await s.inProperty((tx) =>
    query<{ id: string; full_name: string }>(
      tx,
      sql`select id, full_name from tenant_users order by id limit 1`,
    ),
  );
  inspector = { id: Number(first!.id), name: first!.full_name };
});

describe('writing a report', () => {
  it('is refused without an active check-in (409), and nothing is written', async () => {
    const before = await s.inProperty((tx) =>
      query<{ n: string }>(tx, sql`select count(*) as n from binnacle where entity = 'patrol_reports'`),
    );
    const res = await s.call('POST', '/patrolling-reports', { summary: 'Nothing to report' }, { lang: 'es' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('check-in-required');
    expect(res.json<{ message: string }>().message).toMatch(/Registre primero su entrada/);
    const after = await s.inProperty((tx) =>
      query<{ n: string }>(tx, sql`select count(*) as n from binnacle where entity = 'patrol_reports'`),
    );
    expect(after).toEqual(before);
  });

  it('with one, saves the summary of that round (audited), and refuses an empty one', async () => {
    const round = await ok<CheckIn>(
      await s.call('POST', '/patrolling/check-ins', { latitude: LAT, longitude: LON, accuracy: 8 }),
    );
    roundId = round.id;
    expect((await s.call('POST', '/patrolling-reports', { summary: '   ' })).statusCode).toBe(422);
    const report = await ok<PatrolReport>(
      await s.call('POST', '/patrolling-reports', { summary: 'Gate B left open.' }),
    );
    expect(report).toMatchObject({
      id: round.reportId,
      checkInId: round.id,
      status: 'open',
      summary: 'Gate B left open.',
      locationStatus: 'valid',
      distanceMeters: 0,
      endedAt: null,
      observationList: [],
    });
    reportId = report.id;
    const again = await ok<PatrolReport>(
      await s.call('POST', '/patrolling-reports', { summary: 'Gate B closed again.' }),
    );
    expect(again.id).toBe(reportId);
    const audit = await s.inProperty((tx) =>
      query<{ old: string; new: string }>(
        tx,
        sql`select changes->'summary'->>'old' as old, changes->'summary'->>'new' as new from binnacle
          where entity = 'patrol_reports' and entity_id = ${String(reportId)} and action = 'update' order by id`,
      ),
    );
    expect(audit).toEqual([
      { old: null, new: 'Gate B left open.' },
      { old: 'Gate B left open.', new: 'Gate B closed again.' },
    ]);
  });

  it('carries the observations of the round, which the check-out closes', async () => {
    observation = await ok<Observation>(
      await observe(
        { clientKey: randomUUID(), plate: 'RPT 482', place: 'Level -2, ramp', notes: 'Blocking the ramp' },
        [['ramp.png', PNG]],
      ),
    );
    await ok(
      await s.call('POST', '/patrolling/check-out', {
        latitude: LAT + 0.001,
        longitude: LON,
        summary: 'Gate B closed again. One car on the ramp.',
      }),
    );
    const report = await ok<PatrolReport>(await asManager('GET', `/patrolling-reports/${reportId}`));
    expect(report).toMatchObject({
      status: 'closed',
      observations: 1,
      warnings: 0,
      summary: 'Gate B closed again. One car on the ramp.',
      officer: { area: 'tenant', id: inspector.id },
      checkIn: { id: roundId, checkoutDistanceMeters: 111, latitude: LAT, longitude: LON },
    });
    expect(report.endedAt).not.toBeNull();
    expect(report.observationList).toHaveLength(1);
    expect(report.observationList[0]).toMatchObject({
      id: observation.id,
      plate: 'RPT 482',
      place: 'Level -2, ramp',
      notes: 'Blocking the ramp',
      lookup: { plate: 'RPT482' },
    });
    const photo = report.observationList[0]!.photos[0]!;
    const bytes = await fetchFile(`/patrolling-reports/${reportId}/photos/${photo.id}`);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    // After check-out the officer has no active check-in: the report is closed to them.
    expect((await s.call('POST', '/patrolling-reports', { summary: 'Later' })).statusCode).toBe(409);
  });
});

describe('the list', () => {
  let other: { id: number; report: number; fileId: number };
  let late: number;

  beforeAll(async () => {
    // Another round at this property by the manager's colleague, started late on 1 March (Chicago time) = 2 March
    // UTC, and one at another property.
    const scope = { area: 'tenant' as const, propertyId: s.propertyId };
    const round = await inScope(s.ctx.services, scope, (sc) => makeRound(sc, 999_001));
    late = round.id;
    await s.inProperty((tx) =>
      tx
        .update(patrolCheckIns)
        .set({ checkedInAt: new Date('2026-03-02T04:30:00Z'), locationStatus: 'no-coordinates' })
        .where(eq(patrolCheckIns.id, round.checkInId)),
    );
    // It holds two observations.
    await s.inProperty((tx) =>
      tx.execute(sql`insert into patrol_observations
          (property_id, check_in_id, user_area, user_id, user_name, client_key, notes, observed_at)
        values (${s.propertyId}, ${round.checkInId}, 'tenant', 999001, 'Harness officer', ${randomUUID()},
          'Second look', now())`),
    );
    const elsewhere = await createProperty(s.ctx.database);
    const theirs = await inScope(s.ctx.services, { area: 'tenant', propertyId: elsewhere.id }, (sc) =>
      makeRound(sc, 999_002),
    );
    other = { id: elsewhere.id, report: theirs.id, fileId: theirs.fileId };
  });

  it("lists the property's rounds only, with their counts, newest first", async () => {
    const rows = await list('');
    expect(rows.map((r) => r.id)).toEqual([reportId, late]);
    expect(rows[0]).toMatchObject({
      observations: 1,
      warnings: 0,
      status: 'closed',
      locationStatus: 'valid',
    });
    expect(rows.map((r) => r.id)).not.toContain(other.report);
  });

  it('filters by status, location status, officer, day (property time zone) and term', async () => {
    expect((await list('filter[status]=closed')).map((r) => r.id)).toEqual([reportId, late]);
    expect(await list('filter[status]=open')).toEqual([]);
    expect((await list('filter[locationStatus]=no-coordinates')).map((r) => r.id)).toEqual([late]);
    expect((await list(`filter[userId]=tenant:${inspector.id}`)).map((r) => r.id)).toEqual([reportId]);
    expect((await list('filter[userId]=999001')).map((r) => r.id)).toEqual([late]);
    expect((await list('filter[userId]=central:999001')).map((r) => r.id)).toEqual([]);
    // 04:30 UTC on 2 March is still 1 March in Chicago.
    expect((await list('filter[from]=2026-03-01&filter[to]=2026-03-01')).map((r) => r.id)).toEqual([late]);
    expect(await list('filter[from]=2026-03-02&filter[to]=2026-03-02')).toEqual([]);
    expect((await list('filter[term]=ramp')).map((r) => r.id)).toEqual([reportId]);
    expect((await list('filter[term]=harness round')).map((r) => r.id)).toEqual([late]);
    expect((await list('sort=observations')).map((r) => r.id)).toEqual([reportId, late]);
    expect((await list('sort=-observations')).map((r) => r.id)).toEqual([late, reportId]);
    for (const bad of ['filter[from]=yesterday', 'filter[userId]=me', 'filter[status]=lost', 'sort=plate'])
      expect((await asManager('GET', `/patrolling-reports?${bad}`)).statusCode, bad).toBe(400);
  });

  it("answers another property's report, its export and its photo with 404", async () => {
    for (const url of [
      `/patrolling-reports/${other.report}`,
      `/patrolling-reports/${other.report}/export?format=pdf`,
      `/patrolling-reports/${other.report}/photos/${other.fileId}`,
      // this property's report does not serve another round's photo
      `/patrolling-reports/${reportId}/photos/${other.fileId}`,
    ])
      expect((await asManager('GET', url)).statusCode, url).toBe(404);
  });
});

describe('export', () => {
  it('as .xlsx: one row per observation with the round', async () => {
    const res = await fetchFile(`/patrolling-reports/${reportId}/export?format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`patrol-report-${reportId}.xlsx`);
    const rows = await readSheetRows(res.rawPayload);
    expect(rows).toHaveLength(2);
    const [header, row] = [rows[0]![1], rows[1]![1]];
    const cell = (name: string) => row[header.findIndex((h) => h.startsWith(name))];
    expect(cell('Plate')).toBe('RPT 482');
    expect(cell('Officer')).toBe(inspector.name);
    expect(cell('Location')).toBe('Valid location');
    expect(cell('Notes')).toBe('Blocking the ramp');
    expect(cell('Lookup then')).toBe('No permit');
    expect(header).toContain('Started (America/Chicago)');
  });

  it("as PDF, in the caller's language, with the plate and the round", async () => {
    const res = await fetchFile(`/patrolling-reports/${reportId}/export?format=pdf`, 'es');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('RPT 482');
    expect(text).toContain(`Informe de patrulla n.º ${reportId}`);
    expect(text).toContain('Ubicación válida');
    expect(text).toContain('Gate B closed again. One car on the ramp.');
    expect(text).toContain('Blocking the ramp');
    expect(text).not.toContain('not included');
    const zh = await pdfText((await fetchFile(`/patrolling-reports/${reportId}/export`, 'zh')).rawPayload);
    expect(zh).toContain(`巡逻报告 #${reportId}`);
    expect(zh).toContain('RPT 482');
    expect((await asManager('GET', `/patrolling-reports/${reportId}/export?format=doc`)).statusCode).toBe(
      422,
    );
  });
});
