/**
 * Issue 38 §4's central dashboard (decision 0052): GET /api/central/dashboard/overview over the reports bench's 50
 * properties in 5 zones (bench/reports.ts: 1,000,000 visitor permits, 200,000 permits, 100,000 warnings, ~8,000 tows,
 * 20,000 spots) — every property, and one zone's ten — answered at one connection, beside the same SQL sent raw (the
 * statements the handler sends, captured from the bench's own app, run by a plain `pg` client in one transaction
 * with the central scope). Then each statement EXPLAINed as it runs: its time and how it reads each table (the
 * index check). Used by bench/run.ts (BENCH_ONLY=reports).
 */
import pg from 'pg';
import { scopeSql } from '../apps/server/src/platform/db';
import { percentile } from './load';
import { captureHandlerSql } from './reference';
import { ms } from './report';
import { REPORT_PROPERTIES, REPORT_TARGET_MS, REPORT_ZONES, type ReportsBench } from './reports';

const RUNS = 30;
const WARM_UP = 5;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

export interface OverviewFigure {
  name: string;
  statements: number;
  http: { p50: number; p95: number };
  raw: { p50: number; p95: number };
  /** Each statement of the handler: what it reads (its first table), its execution time, how it reads tables. */
  plans: { table: string; execution: number; reads: string[] }[];
}

const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

/**
 * How a plan reads its tables: "visitors: bitmap heap scan visitors_valid_from_idx ×52 (19136 rows)", "spots: seq
 * scan ×52 (…)" — the rows it returned over all its loops.
 */
function readsOf(plan: PlanNode): string[] {
  return nodes(plan)
    .filter((n) => n['Relation Name'])
    .map((n) => {
      // A bitmap heap scan's indexes are its bitmap index scans' (below it, reading no table of their own).
      const own = [n, ...nodes(n).filter((c) => !c['Relation Name'])];
      const indexes = [...new Set(own.flatMap((c) => (c['Index Name'] ? [c['Index Name']] : [])))];
      const loops = n['Actual Loops'] ?? 1;
      const rows = (n['Actual Rows'] ?? 0) * loops;
      return `${n['Relation Name']}: ${n['Node Type'].toLowerCase()}${indexes.length ? ` ${indexes.join(' + ')}` : ''}${loops > 1 ? ` ×${loops}` : ''} (${rows} rows)`;
    });
}

export async function benchOverview(
  bench: ReportsBench,
  opts: { captureOrigin: string; servedOrigin: string; appUrl: string; token: string },
): Promise<OverviewFigure[]> {
  const headers = { authorization: `Bearer ${opts.token}` };
  const get = async (origin: string, path: string) => {
    const res = await fetch(`${origin}/api/central${path}`, { headers });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  const db = new pg.Client({ connectionString: opts.appUrl });
  await db.connect();
  const cases = [
    { name: `all ${REPORT_PROPERTIES} properties`, path: '/dashboard/overview' },
    {
      name: `one zone (${REPORT_PROPERTIES / REPORT_ZONES} properties)`,
      path: `/dashboard/overview?zoneId=${bench.zoneIds[0]}`,
    },
  ];
  const figures: OverviewFigure[] = [];
  const central = scopeSql({ area: 'central' });
  try {
    for (const c of cases) {
      // The handler's statements: the properties, then each figure over their unnested bounds (not the session's
      // lookup or the texts' check around them).
      const sent = (await captureHandlerSql(() => get(opts.captureOrigin, c.path))).filter(
        (s) => s.includes('"properties"') || s.includes('unnest('),
      );
      const http: number[] = [];
      for (let i = 0; i < WARM_UP + RUNS; i++) {
        const began = performance.now();
        await get(opts.servedOrigin, c.path);
        if (i >= WARM_UP) http.push(performance.now() - began);
      }
      const raw: number[] = [];
      for (let i = 0; i < WARM_UP + RUNS; i++) {
        const began = performance.now();
        await db.query('BEGIN');
        await db.query(central);
        for (const statement of sent) await db.query(statement);
        await db.query('COMMIT');
        if (i >= WARM_UP) raw.push(performance.now() - began);
      }
      const plans: OverviewFigure['plans'] = [];
      await db.query('BEGIN');
      await db.query(central);
      for (const statement of sent) {
        const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
          `explain (analyze, format json) ${statement}`,
        );
        const plan = rows[0]!['QUERY PLAN'][0];
        const read = nodes(plan.Plan).map((n) => n['Relation Name']);
        const table =
          read.find((r) => r && !['properties', 'zones'].includes(r)) ?? read.find(Boolean) ?? '?';
        plans.push({ table, execution: plan['Execution Time'], reads: readsOf(plan.Plan) });
      }
      await db.query('COMMIT');
      figures.push({ name: c.name, statements: sent.length, http: stats(http), raw: stats(raw), plans });
      console.log(`  overview ${c.name}: done`);
    }
  } finally {
    await db.end();
  }
  return figures;
}

export function printOverview(figures: OverviewFigure[]) {
  console.log('');
  console.log(
    `Central dashboard overview (issue 38 §4, decision 0052): the reports bench's ${REPORT_PROPERTIES} properties in ` +
      `${REPORT_ZONES} zones. 1 connection, ${RUNS} runs each after ${WARM_UP} unmeasured; raw = the statements the ` +
      'handler sent, by a plain pg client in one central-scoped transaction.',
  );
  const rows = figures.map((f) => [
    f.name,
    String(f.statements),
    ms(f.http.p50),
    ms(f.http.p95),
    ms(f.raw.p50),
    ms(f.raw.p95),
  ]);
  const head = ['overview', 'SQL', 'HTTP p50', 'HTTP p95', 'raw p50', 'raw p95'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  for (const r of rows) console.log(line(r));
  for (const f of figures) {
    console.log(`  ${f.name}, each statement EXPLAIN ANALYZEd:`);
    for (const p of f.plans)
      console.log(`    ${p.table.padEnd(16)} ${ms(p.execution).padStart(7)} ms  ${p.reads.join('; ')}`);
  }
  const worst = Math.max(...figures.map((f) => f.http.p95));
  console.log(
    `target (the reports'): ≤ ${REPORT_TARGET_MS} ms at 1 connection — worst p95 ${ms(worst)} ms: ` +
      `${worst <= REPORT_TARGET_MS ? 'met' : 'MISSED'}`,
  );
}
