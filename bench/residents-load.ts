/**
 * The residents list's load scenarios for run.ts: the searched list with its includes, over the 50 properties' and
 * the 50,000-resident property, at 16 connections and at one; and the SQL each search sends, captured once per term,
 * for the raw reference (its SQL alone).
 */
import fs from 'node:fs';
import path from 'node:path';
import { scopeSql } from '../apps/server/src/platform/db';
import type { Scenario } from './load';
import { captureHandlerSql } from './reference';
import { BIG_PROPERTY_RESIDENTS, RESIDENT_TERMS, type ResidentsBench } from './residents';

const residentsPath = (term: string) =>
  `/tenant/api/residents?pageSize=50&include=units,vehicles&filter[term]=${encodeURIComponent(term)}`;

export async function residentsScenarios(
  bench: ResidentsBench,
  /** The bench's own app, where the SQL is captured. */
  origin: string,
  signIn: (code: string, email: string) => Promise<string>,
  opts: { connections: number; duration: number },
): Promise<{ scenarios: Scenario[]; sql: { main: string[][]; big: string[][] } }> {
  const headersOf = (code: string, token: string) => ({ authorization: `Bearer ${token}`, 'x-tenant': code });
  const headers = headersOf(bench.code, await signIn(bench.code, bench.manager));
  const bigHeaders = headersOf(bench.big.code, await signIn(bench.big.code, bench.big.manager));
  const captured = async (h: Record<string, string>, propertyId: number) => {
    const scripts: string[][] = [];
    for (const term of RESIDENT_TERMS) {
      const sent = await captureHandlerSql(() => fetch(origin + residentsPath(term), { headers: h }));
      scripts.push(['BEGIN', scopeSql({ area: 'tenant', propertyId }), ...sent, 'COMMIT']);
      // BENCH_SQL_DIR=dir writes each captured script there, to read or to EXPLAIN.
      if (process.env.BENCH_SQL_DIR)
        fs.writeFileSync(
          path.join(process.env.BENCH_SQL_DIR, `residents-${propertyId}-${scripts.length}.sql`),
          scripts[scripts.length - 1]!.join(';\n\n') + ';\n',
        );
    }
    return scripts;
  };
  const sql = {
    main: await captured(headers, bench.propertyId),
    big: await captured(bigHeaders, bench.big.propertyId),
  };
  const big = `${BIG_PROPERTY_RESIDENTS / 1000}k property`;
  const scenario = (name: string, h: Record<string, string>, connections: number): Scenario => ({
    name,
    url: origin,
    connections,
    duration: opts.duration,
    requests: RESIDENT_TERMS.map((term) => ({ method: 'GET', path: residentsPath(term), headers: h })),
  });
  return {
    scenarios: [
      scenario(`GET residents term+includes, ${big}`, bigHeaders, opts.connections),
      scenario('GET residents term+includes', headers, opts.connections),
      // Their service time, without queueing behind the other connections.
      scenario('GET residents term+includes, 1 conn', headers, 1),
      scenario(`GET residents term+includes, ${big}, 1 conn`, bigHeaders, 1),
    ],
    sql,
  };
}
