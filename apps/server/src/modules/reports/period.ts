import { isoDayIn, REPORT_DEFAULT_DAYS, type ReportGroup } from '@parkade/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A report's period: days of the property's time zone, both ends included (decision 0047). Without `from`/`to`, the
 * last REPORT_DEFAULT_DAYS days up to today; without `groupBy`, per day up to 92 days and per month beyond.
 */
export interface Period {
  from: string;
  to: string;
  groupBy: ReportGroup;
  timeZone: string;
  /** The periods' labels in order: YYYY-MM-DD per day, YYYY-MM per month. */
  periods: string[];
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

export function resolvePeriod(
  query: { from?: string; to?: string; groupBy?: ReportGroup },
  timeZone: string,
  now = new Date(),
): Period {
  const today = isoDayIn(now, timeZone);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? dayOf(msOf(to) - (REPORT_DEFAULT_DAYS - 1) * DAY_MS);
  const days = (msOf(to) - msOf(from)) / DAY_MS + 1;
  const groupBy = query.groupBy ?? (days <= 92 ? 'day' : 'month');
  return { from, to, groupBy, timeZone, periods: periodLabels(from, to, groupBy) };
}

/** Every period's label from `from` to `to`. */
export function periodLabels(from: string, to: string, groupBy: ReportGroup): string[] {
  const out: string[] = [];
  if (groupBy === 'day') {
    for (let ms = msOf(from); ms <= msOf(to); ms += DAY_MS) out.push(dayOf(ms));
    return out;
  }
  let [y, m] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const label = `${y}-${String(m).padStart(2, '0')}`;
    out.push(label);
    if (label >= last) return out;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

/** The instant a local day starts, in the property's zone, as SQL (a constant: the column's index serves it). */
const dayStart = (day: string, tz: string) => sql`(${day}::date::timestamp at time zone ${tz})`;

/** The condition: the column's instant falls within the period's days. */
export const within = (column: AnyPgColumn | SQL, p: Period): SQL =>
  sql`${column} >= ${dayStart(p.from, p.timeZone)} and ${column} < ${sql`((${p.to}::date + 1)::timestamp at time zone ${p.timeZone})`}`;

/** The label of the period an instant falls in (the property's days and months). */
export const periodOf = (column: AnyPgColumn | SQL, p: Period): SQL<string> =>
  p.groupBy === 'day'
    ? sql<string>`to_char(${column} at time zone ${p.timeZone}, 'YYYY-MM-DD')`
    : sql<string>`to_char(${column} at time zone ${p.timeZone}, 'YYYY-MM')`;

/** Counts per (period, key) turned into one series per key, each with one value per period. */
export function toSeries(
  periods: readonly string[],
  rows: readonly { period: string; key: string; n: number }[],
  order: readonly string[],
  names: ReadonlyMap<string, string> = new Map(),
) {
  const at = new Map(periods.map((p, i) => [p, i]));
  const byKey = new Map<string, number[]>();
  for (const r of rows) {
    const i = at.get(r.period);
    if (i === undefined) continue;
    const values = byKey.get(r.key) ?? periods.map(() => 0);
    values[i]! += Number(r.n);
    byKey.set(r.key, values);
  }
  const keys = [...byKey.keys()].sort((a, b) => {
    const ia = order.indexOf(a);
    const ib = order.indexOf(b);
    return (ia < 0 ? Infinity : ia) - (ib < 0 ? Infinity : ib) || a.localeCompare(b);
  });
  return keys.map((key) => {
    const values = byKey.get(key)!;
    return { key, name: names.get(key) ?? null, values, total: values.reduce((a, b) => a + b, 0) };
  });
}
