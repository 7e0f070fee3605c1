import {
  PLATE_VERDICTS,
  REPORT_STATUS_SERIES,
  type PatrolCoverageOfficer,
  type PatrolCoverage,
} from '@parkade/contract';
import { sql } from 'drizzle-orm';
import { query } from '../../platform/db';
import type { Scope } from '../../platform/scope';
import { patrolCheckIns as c, patrolObservations as o } from '../patrolling/table';
import { periodOf, toSeries, within } from './period';
import { periodFor, periodOut, type ReportFilters } from './service';

/*
 * The patrol report (decision 0047): the rounds — check-ins — started in the period, on the check-ins' index
 * (property_id, checked_in_at), and what their observations recorded, on the observations' (property_id, check_in_id,
 * …). Everything of a round counts in the period its round started in, so an observation sent late from the phone's
 * queue counts with its round, and a round's figures are never split across two days.
 * - A round's time on site is check-out − check-in, in whole seconds. A round never checked out (under way, or left
 *   open: nothing closes it but its officer) counts as a round, `open`, with its observations, and without time: when
 *   the officer left is not known.
 * - A lookup is an observation of a plate: the verdict its lookup gave of the plate itself when it reached the
 *   server (`ownVerdict`: its exact or confusable match, `none` when not found), as the round's report shows it.
 */

/** The verdict an observation's stored lookup gave of its own plate (contract `ownVerdict`), in SQL. */
const ownVerdict = sql`coalesce((select m.value->>'verdict' from jsonb_array_elements(${o.lookup}->'matches')
  with ordinality m(value, i) where m.value->>'match' <> 'near' order by m.i limit 1), 'none')`;

interface RoundRow {
  period: string;
  area: string;
  user: string;
  name: string;
  rounds: number;
  open: number;
  seconds: number;
  closed: number;
}
interface SeenRow {
  period: string;
  area: string;
  user: string;
  verdict: string | null;
  n: number;
}

const emptyCounts = () => ({ rounds: 0, open: 0, seconds: 0, closed: 0, observations: 0, lookups: 0 });
type Counts = ReturnType<typeof emptyCounts>;
const average = (x: Counts) => (x.closed > 0 ? Math.round(x.seconds / x.closed) : null);
const countsOut = (x: Counts) => ({
  rounds: x.rounds,
  open: x.open,
  seconds: x.seconds,
  averageSeconds: average(x),
  observations: x.observations,
  lookups: x.lookups,
});

/** Rounds per period (open or checked out), their time on site, and their plate lookups by verdict; per officer. */
export async function patrolReport(ctx: Scope, filters: ReportFilters): Promise<PatrolCoverage> {
  const p = await periodFor(ctx, filters);
  const period = periodOf(c.checkedInAt, p);
  const rounds = await query<RoundRow>(
    ctx.tx,
    sql`select ${period} as period, ${c.userArea} as area, ${c.userId}::text as user,
          (array_agg(${c.userName} order by ${c.checkedInAt} desc))[1] as name,
          count(*)::int as rounds, count(*) filter (where ${c.checkedOutAt} is null)::int as open,
          count(*) filter (where ${c.checkedOutAt} is not null)::int as closed,
          coalesce(sum(floor(extract(epoch from ${c.checkedOutAt} - ${c.checkedInAt}))), 0)::float8 as seconds
        from ${c} where ${c.propertyId} = ${ctx.propertyId} and ${within(c.checkedInAt, p)}
        group by 1, 2, 3`,
  );
  // The observations of those rounds, by verdict (null: no plate, so no lookup).
  const seen = await query<SeenRow>(
    ctx.tx,
    sql`select ${period} as period, ${c.userArea} as area, ${c.userId}::text as user,
          case when ${o.lookup} is null then null else ${ownVerdict} end as verdict, count(*)::int as n
        from ${c} join ${o} on ${o.propertyId} = ${c.propertyId} and ${o.checkInId} = ${c.id}
        where ${c.propertyId} = ${ctx.propertyId} and ${within(c.checkedInAt, p)}
        group by 1, 2, 3, 4`,
  );

  const totals = emptyCounts();
  const officers = new Map<
    string,
    Counts & { name: string; last: string; verdicts: Record<string, number> }
  >();
  const officer = (area: string, user: string) => {
    const key = `${area}:${user}`;
    let x = officers.get(key);
    if (!x) {
      x = {
        ...emptyCounts(),
        name: '',
        last: '',
        verdicts: Object.fromEntries(PLATE_VERDICTS.map((v) => [v, 0])),
      };
      officers.set(key, x);
    }
    return x;
  };
  const at = new Map(p.periods.map((label, i) => [label, i]));
  const seconds = p.periods.map(() => 0);
  const roundStates: { period: string; key: string; n: number }[] = [];
  for (const r of rounds) {
    const x = officer(r.area, r.user);
    // The name of their latest round (periods' labels sort as time does).
    if (r.period >= x.last) [x.name, x.last] = [r.name, r.period];
    for (const into of [x, totals]) {
      into.rounds += r.rounds;
      into.open += r.open;
      into.closed += r.closed;
      into.seconds += Number(r.seconds);
    }
    const i = at.get(r.period);
    if (i !== undefined) seconds[i]! += Number(r.seconds);
    roundStates.push(
      { period: r.period, key: 'closed', n: r.closed },
      { period: r.period, key: 'open', n: r.open },
    );
  }
  const lookups: { period: string; key: string; n: number }[] = [];
  for (const s of seen) {
    const x = officer(s.area, s.user);
    for (const into of [x, totals]) {
      into.observations += s.n;
      if (s.verdict !== null) into.lookups += s.n;
    }
    if (s.verdict === null) continue;
    x.verdicts[s.verdict] = (x.verdicts[s.verdict] ?? 0) + s.n;
    lookups.push({ period: s.period, key: s.verdict, n: s.n });
  }
  const order = (chart: 'rounds' | 'verdicts') => REPORT_STATUS_SERIES[chart].map(([k]) => k);
  return {
    ...periodOut(p),
    rounds: toSeries(
      p.periods,
      roundStates.filter((r) => r.n > 0),
      order('rounds'),
    ),
    lookups: toSeries(p.periods, lookups, order('verdicts')),
    seconds,
    officers: [...officers.entries()]
      .map(([key, x]): PatrolCoverageOfficer => ({
        key,
        name: x.name,
        ...countsOut(x),
        verdicts: x.verdicts,
      }))
      .sort((a, b) => b.rounds - a.rounds || b.observations - a.observations || a.name.localeCompare(b.name)),
    totals: countsOut(totals),
  };
}
