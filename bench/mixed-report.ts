/**
 * How `npm run bench:mixed` prints a run (decision 0056): every kind of call with its rate, percentiles, statuses
 * and calls without an answer; the tasks the loops picked; the ledger per kind of write and its verdict; and beside
 * them the references measured in the same run.
 */
import { errorsOf, type CallFigures } from './mixed-calls';
import type { DriverResult } from './mixed-driver';
import { verdictLine, type LedgerVerdict } from './mixed-ledger';
import type { Reference } from './reference';
import { ms } from './report';

function table(head: string[], rows: string[][], left: number[]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (left.includes(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

export function printCalls(calls: CallFigures[]) {
  const sorted = [...calls].sort((a, b) => b.count - a.count);
  const total = sorted.reduce(
    (t, c) => ({
      count: t.count + c.count,
      perSecond: t.perSecond + c.perSecond,
      errors: t.errors + errorsOf(c),
    }),
    { count: 0, perSecond: 0, errors: 0 },
  );
  table(
    ['call', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'count', 'statuses', 'no answer'],
    [
      ...sorted.map((c) => [
        c.name,
        c.perSecond.toFixed(1),
        ms(c.p50),
        ms(c.p95),
        ms(c.p99),
        String(c.count),
        Object.entries(c.statuses)
          .map(([k, v]) => `${k}×${v}`)
          .join(' '),
        String(c.network),
      ]),
      [
        'all calls',
        total.perSecond.toFixed(1),
        '',
        '',
        '',
        String(total.count),
        `errors: ${total.errors}`,
        '',
      ],
    ],
    [0, 6],
  );
}

export function printLedger(v: LedgerVerdict) {
  table(
    ['write', 'acknowledged', 'refused', 'unanswered', 'lost', 'duplicated', 'refused but present'],
    v.kinds.map((k) => [
      k.kind,
      String(k.acknowledged),
      String(k.failed),
      k.unanswered ? `${k.unanswered} (${k.unansweredPresent} present)` : '0',
      String(k.lost.length),
      String(k.duplicated.length),
      String(k.failedPresent.length),
    ]),
    [0],
  );
  for (const k of v.kinds)
    for (const [what, list] of [
      ['lost', k.lost],
      ['duplicated', k.duplicated],
      ['refused but present', k.failedPresent],
    ] as const)
      if (list.length)
        console.log(`  ${k.kind} ${what}: ${list.slice(0, 5).join(', ')}${list.length > 5 ? ', …' : ''}`);
  for (const [table, keys] of Object.entries(v.unsent))
    console.log(
      `  ${table}: ${keys.length} rows no write of the driver explains (${keys.slice(0, 5).join(', ')})`,
    );
  console.log(verdictLine(v));
}

export function printRun(opts: {
  title: string;
  result: DriverResult;
  weights: Record<string, number>;
  verdict: LedgerVerdict;
  baseline: CallFigures;
  reference: Reference;
  referencePath: string;
  connections: number;
  referenceConnections: number;
}) {
  const { result, baseline, reference } = opts;
  console.log('');
  console.log(opts.title);
  console.log('');
  printCalls(result.calls);
  console.log('');
  const weight = Object.values(opts.weights).reduce((s, w) => s + w, 0);
  console.log(
    `tasks picked (weight): ${Object.entries(opts.weights)
      .map(([t, w]) => `${t} ${result.tasks[t] ?? 0} (${((w / weight) * 100).toFixed(0)}%)`)
      .join(', ')}`,
  );
  console.log('');
  printLedger(opts.verdict);
  console.log('');
  const all = result.calls.reduce((s, c) => s + c.perSecond, 0);
  console.log(
    `references in the same run, ${opts.connections} connections: GET /api/health (no database) ` +
      `${baseline.perSecond.toFixed(0)} req/s, p50 ${ms(baseline.p50)} / p95 ${ms(baseline.p95)} ms, ` +
      `${errorsOf(baseline)} errors; the least signed-in transaction sent raw ${opts.referencePath} at ` +
      `${opts.referenceConnections} connections ` +
      `(${reference.tool}, ${reference.statements} statements): ${reference.perSecond.toFixed(0)} tx/s — ` +
      `the mixed load's ${all.toFixed(0)} calls/s are ${(all / reference.perSecond).toFixed(2)}× of it`,
  );
  if (result.samples.length) {
    console.log('');
    console.log('first refusals and calls without an answer:');
    for (const s of result.samples.slice(0, 10)) console.log(`  ${s}`);
  }
}
