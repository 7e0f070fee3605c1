import {
  OUTBOX_STATUSES,
  REPORT_IMPORTS_LISTED,
  REPORT_STATUS_SERIES,
  type MailKind,
  type MailReport,
  type OutboxStatus,
  type ReportImport,
} from '@parkade/contract';
import { sql } from 'drizzle-orm';
import { query } from '../../platform/db';
import type { Scope } from '../../platform/scope';
import { binnacle as b } from '../binnacle/table';
import { mailOutbox as m } from '../outbox/table';
import { residentImports as ri } from '../residents/table';
import { periodOf, toSeries, within, type Period } from './period';
import { periodFor, periodOut, type ReportFilters } from './service';

/*
 * "Imports and mail" (decision 0047): the property's imports and the mail it wrote, in the period.
 * - A residents import is a row of `resident_imports` (a queued job with its state and counters); a units import is
 *   answered in its request and leaves its audit entry (`units`, `import`: the file, the units written, and — when a
 *   row was refused, nothing written — the rows read and the rows refused). Both count in the period they started
 *   in: rows written (`imported`) and refused. A property holds a few imports: the residents imports are read by
 *   their primary key (property_id, id), the units imports by the audit log's (property_id, entity, entity_id).
 * - Mail is `mail_outbox` (property_id set: what the property wrote), per period of its writing, by its delivery
 *   status now, and per kind.
 */

/** The imports started in the period, residents and units, one row each (its audit entry for a units import). */
const importsOf = (ctx: Scope, p: Period) => {
  const number = (field: string) => sql`(${b.changes}->${field}->>'new')::int`;
  return sql`
    select 'residents' as kind, ${ri.createdAt} as at, ${ri.fileName} as file, ${ri.state} as state,
      ${ri.rowsTotal} as rows, ${ri.imported} as imported, jsonb_array_length(${ri.rejected}) as refused
    from ${ri} where ${ri.propertyId} = ${ctx.propertyId} and ${within(ri.createdAt, p)}
    union all
    select 'units', ${b.createdAt}, ${b.changes}->'file'->>'new',
      case when coalesce(${number('refused')}, 0) > 0 then 'rejected' else 'done' end,
      coalesce(${number('rows')}, ${number('units')}, 0), coalesce(${number('units')}, 0),
      coalesce(${number('refused')}, 0)
    from ${b} where ${b.propertyId} = ${ctx.propertyId} and ${b.entity} = 'units' and ${b.action} = 'import'
      and ${within(b.createdAt, p)}`;
};

/**
 * The imports' rows per period, each import listed (REPORT_IMPORTS_LISTED, newest first; every one with `listAll`:
 * the exports); the mail per period by status and per kind.
 */
export async function mailReport(
  ctx: Scope,
  filters: ReportFilters,
  opts: { listAll?: boolean } = {},
): Promise<MailReport> {
  const p = await periodFor(ctx, filters);
  const perPeriod = await query<{ period: string; imported: number; refused: number; n: number }>(
    ctx.tx,
    sql`select ${periodOf(sql.raw('at'), p)} as period, sum(imported)::int as imported, sum(refused)::int as refused,
          count(*)::int as n
        from (${importsOf(ctx, p)}) i group by 1`,
  );
  const listed = await query<{
    kind: ReportImport['kind'];
    at: Date | string;
    file: string | null;
    state: ReportImport['state'];
    rows: number;
    imported: number;
    refused: number;
  }>(
    ctx.tx,
    sql`${importsOf(ctx, p)} order by 2 desc ${opts.listAll ? sql`` : sql`limit ${REPORT_IMPORTS_LISTED}`}`,
  );
  // One pass over the mail: per period and status, per kind and status.
  const mail = await query<{ period: string | null; kind: string | null; status: string; n: number }>(
    ctx.tx,
    sql`select period, kind, status, count(*)::int as n from (
          select ${periodOf(m.createdAt, p)} as period, ${m.kind} as kind, ${m.status} as status
          from ${m} where ${m.propertyId} = ${ctx.propertyId} and ${within(m.createdAt, p)}) s
        group by grouping sets ((period, status), (kind, status))`,
  );
  const kinds = new Map<string, MailKind>();
  for (const r of mail) {
    if (r.kind === null) continue;
    const k =
      kinds.get(r.kind) ??
      ({
        kind: r.kind,
        total: 0,
        statuses: Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, 0])) as Record<OutboxStatus, number>,
      } satisfies MailKind);
    k.total += r.n;
    if (r.status in k.statuses) k.statuses[r.status as OutboxStatus] += r.n;
    kinds.set(r.kind, k);
  }
  const order = (chart: 'imports' | 'mail') => REPORT_STATUS_SERIES[chart].map(([k]) => k);
  return {
    ...periodOut(p),
    importRows: toSeries(
      p.periods,
      perPeriod
        .flatMap((r) => [
          { period: r.period, key: 'imported', n: r.imported },
          { period: r.period, key: 'refused', n: r.refused },
        ])
        .filter((r) => r.n > 0),
      order('imports'),
    ),
    importCount: perPeriod.reduce((n, r) => n + r.n, 0),
    imports: listed.map((r) => ({
      kind: r.kind,
      at: new Date(r.at).toISOString(),
      fileName: r.file,
      state: r.state,
      rows: Number(r.rows),
      imported: Number(r.imported),
      refused: Number(r.refused),
    })),
    mail: toSeries(
      p.periods,
      mail.flatMap((r) => (r.period === null ? [] : [{ period: r.period, key: r.status, n: r.n }])),
      order('mail'),
    ),
    byKind: [...kinds.values()].sort((a, b) => b.total - a.total || a.kind.localeCompare(b.kind)),
  };
}
