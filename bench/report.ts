/**
 * How bench/run.ts prints its figures: the table of load scenarios, and the issues' figures each beside its
 * reference and its target.
 */
import type { BulkFigures } from './bulk-mail';
import {
  BULK_CLICK_TARGET_MS,
  BULK_RATE_PER_MINUTE,
  BULK_RATE_TARGET,
  JOB_CONNECTIONS,
  NAGLE_MAILS,
  RESUME_LEASE_SECONDS,
} from './bulk-setup';
import { DOCUMENT_P50_TARGET_MS, DOCUMENT_PAGES, type DocumentFigures } from './documents';
import type { Figures } from './load';
import { LOOKUP_PROPERTIES, type LookupBench } from './lookup';
import type { Reference } from './reference';
import {
  BIG_PROPERTY_RESIDENTS,
  RESIDENT_PROPERTIES,
  RESIDENT_TERMS,
  RESIDENTS_PER_PROPERTY,
  type benchResidentsImport,
  type benchResidentsImportHttp,
} from './residents';
import { POSTER_RESIDENTS } from './visitor-registration';
import { PAST_VISITOR_PERMITS, type benchVisitorLimits } from './visitors';

export const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');

/** The load scenarios, one row each. */
export function printTable(results: Figures[]) {
  const head = ['scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'requests', 'statuses', 'errors'];
  const rows = results.map((r) => [
    r.name,
    r.perSecond.toFixed(0),
    ms(r.p50),
    ms(r.p95),
    ms(r.p99),
    String(r.requests),
    Object.entries(r.statuses)
      .map(([k, v]) => `${k}×${v}`)
      .join(' '),
    String(r.errors),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === 6 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

/** Issue 18: the plate lookup, exact and near, at 4 and at `connections`, beside its SQL sent raw. */
export function printLookup(
  bench: LookupBench,
  sql: { exact: string[][]; near: string[][] },
  results: Figures[],
  connections: number,
  refs: { exact: Reference; near: Reference },
  /** The same SQL with its plans kept (pgbench -M prepared), as the server keeps the lookup's. */
  prepared?: { exact: Reference; near: Reference },
) {
  const at = (kind: string, n: number) => results.find((r) => r.name === `GET lookup ${kind}, ${n} conn`);
  console.log('');
  console.log(
    `plate lookup over ${bench.vehicles} vehicles in ${LOOKUP_PROPERTIES} properties (permits for every ` +
      'vehicle, visitor permits for one in ten):',
  );
  for (const kind of ['exact', 'near'] as const) {
    const ref = refs[kind];
    const four = at(kind, 4);
    const many = at(kind, connections);
    if (!four || !many) continue;
    console.log(
      `  ${kind}: p99 ${ms(four.p99)} ms at 4 connections (p50 ${ms(four.p50)}); ` +
        `${many.perSecond.toFixed(0)} lookups/s at ${connections} (p95 ${ms(many.p95)} ms); its SQL alone ` +
        `(${ref.tool}, ${sql[kind][0]!.length} statements): ${ref.perSecond.toFixed(0)} tx/s → API at ` +
        `${(many.perSecond / ref.perSecond).toFixed(2)}×` +
        (kind === 'exact'
          ? ` — targets p99 ≤ 5 ms: ${four.p99 <= 5 ? 'met' : 'MISSED'}; ≥ 2,000/s: ` +
            `${many.perSecond >= 2000 ? 'met' : 'MISSED'}; ≥ 0.67×: ` +
            `${many.perSecond / ref.perSecond >= 0.67 ? 'met' : 'MISSED'}`
          : ''),
    );
    const kept = prepared?.[kind];
    if (kept)
      console.log(
        `    (its SQL with plans kept — ${kept.tool}: ${kept.perSecond.toFixed(0)} tx/s, API at ` +
          `${(many.perSecond / kept.perSecond).toFixed(2)}×)`,
      );
  }
}

/** Issue 17: visitor registration through the poster, beside its SQL sent raw and rolled back. */
export function printPoster(
  poster: { script: string[] },
  registrations: Figures,
  connections: number,
  ref: Reference,
) {
  console.log('');
  console.log(
    `visitor registration through the poster (POST /public/visitors, ${POSTER_RESIDENTS} residents named in ` +
      `turn, each request from its own address): p50 ${ms(registrations.p50)} / p95 ${ms(registrations.p95)} / ` +
      `p99 ${ms(registrations.p99)} ms, ${registrations.perSecond.toFixed(0)} req/s at ${connections} connections`,
  );
  console.log(
    `  its SQL alone, sent raw and rolled back (${ref.tool}, ${poster.script.length} statements): ` +
      `${ref.perSecond.toFixed(0)} transactions/s = ${(registrations.perSecond / ref.perSecond).toFixed(2)}× ` +
      `through the API`,
  );
}

/** Issue 17: the visitor limit check for a resident with many past permits, beside its SQL's own times. */
export function printVisitorLimits(v: Awaited<ReturnType<typeof benchVisitorLimits>>) {
  const f = (n: number) => n.toFixed(2);
  console.log('');
  console.log(
    `visitor permit limit check (firstBreach) for a resident with ${PAST_VISITOR_PERMITS} past visitor permits: ` +
      `p50 ${f(v.p50)} / p95 ${f(v.p95)} ms through the server's code, all its statements at 1 connection ` +
      `(verdict: ${v.verdict ? v.verdict.limit : 'allowed'})`,
  );
  console.log(
    `  its two statements over the resident's permits, EXPLAIN ANALYZE (best of 9): rolling window ` +
      `${f(v.window.planning)} planning + ${f(v.window.execution)} execution ms, overlap ` +
      `${f(v.overlap.planning)} + ${f(v.overlap.execution)} ms = ${f(v.sqlMs)} ms of SQL — target < 2 ms: ` +
      `${v.sqlMs < 2 ? 'met' : 'MISSED'}`,
  );
}

/** The residents import (alone and through HTTP) and the residents list, beside their targets. */
export function printResidents(
  imported: Awaited<ReturnType<typeof benchResidentsImport>>,
  http: Awaited<ReturnType<typeof benchResidentsImportHttp>>,
  results: Figures[],
  connections: number,
  p95TargetMs: number,
  residentsReference: { main: Reference; big: Reference } | null,
) {
  const residentsList = results.find((r) => r.name === 'GET residents term+includes');
  const s = (n: number) => (Number.isFinite(n) ? (n / 1000).toFixed(2) : '-');
  console.log('');
  console.log(
    `residents import (runImport alone): ${imported.rows} rows (${(imported.bytes / 1024).toFixed(0)} KB .xlsx) ` +
      `${imported.state} in ${s(imported.ms)} s — ${imported.rowsPerSecond.toFixed(0)} rows/s; worker process ` +
      `RSS ${imported.rssBeforeMb.toFixed(0)} MB idle, peak ${imported.peakRssMb.toFixed(0)} MB, heapUsed peak ` +
      `${imported.peakHeapMb.toFixed(0)} MB (+${imported.peakHeapDeltaMb.toFixed(0)} MB) — target < 10 s and ` +
      `< 300 MB: ${imported.ms < 10_000 && imported.peakRssMb < 300 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  of which reading and checking ${s(imported.readCheckMs)} s, then ${imported.chunks} chunks written at ` +
      `${ms(imported.perChunkMs)} ms each`,
  );
  console.log(
    `residents import through HTTP (POST, then status every 100 ms): ${http.state}, ${http.imported} imported; ` +
      `POST answered in ${ms(http.answeredMs)} ms, job picked up at ${s(http.pickedUpMs)} s, done at ` +
      `${s(http.ms)} s; server process RSS ${http.rssBeforeMb.toFixed(0)} → peak ${http.peakRssMb.toFixed(0)} MB`,
  );
  if (residentsList)
    console.log(
      `residents list (${RESIDENT_PROPERTIES * RESIDENTS_PER_PROPERTY} residents in ${RESIDENT_PROPERTIES} ` +
        `properties, ${RESIDENT_TERMS.length} terms in turn + include=units,vehicles, pageSize 50): ` +
        `p50 ${ms(residentsList.p50)} / p95 ${ms(residentsList.p95)} / p99 ${ms(residentsList.p99)} ms, ` +
        `${residentsList.perSecond.toFixed(0)} req/s at ${connections} connections ` +
        `— target < ${p95TargetMs} ms: ${residentsList.p95 < p95TargetMs ? 'met' : 'MISSED'}`,
    );
  const one = results.find((r) => r.name === 'GET residents term+includes, 1 conn');
  const bigList = results.find((r) => r.name.startsWith('GET residents term+includes, 50k property'));
  const bigOne = results.find((r) => r.name.endsWith('k property, 1 conn'));
  if (one && bigOne)
    console.log(
      `  at 1 connection: p50 ${ms(one.p50)} ms (${RESIDENT_PROPERTIES} properties), ${ms(bigOne.p50)} ms ` +
        `(${BIG_PROPERTY_RESIDENTS} residents) — target < 5 ms: ${Math.max(one.p50, bigOne.p50) < 5 ? 'met' : 'MISSED'}`,
    );
  if (bigList)
    console.log(
      `  one property of ${BIG_PROPERTY_RESIDENTS} residents: p50 ${ms(bigList.p50)} / p95 ${ms(bigList.p95)} ms, ` +
        `${bigList.perSecond.toFixed(0)} req/s at ${connections} connections — target p95 < ` +
        `${p95TargetMs} ms: ${bigList.p95 < p95TargetMs ? 'met' : 'MISSED'}`,
    );
  if (residentsReference)
    console.log(
      `  its SQL alone, sent raw (${residentsReference.main.tool}, the same statements per term): ` +
        `${residentsReference.main.perSecond.toFixed(0)} transactions/s (${RESIDENT_PROPERTIES} properties), ` +
        `${residentsReference.big.perSecond.toFixed(0)}/s (${BIG_PROPERTY_RESIDENTS} residents) — target ≥ 1,000: ` +
        `${Math.min(residentsReference.main.perSecond, residentsReference.big.perSecond) >= 1000 ? 'met' : 'MISSED'}`,
    );
}

/** The signed-in request through the API beside the least signed-in transaction sent raw (and with plans kept). */
export function printBootstrap(boot: Figures, reference: Reference, prepared: Reference | null) {
  const ratio = boot.perSecond / reference.perSecond;
  console.log('');
  console.log(
    `bootstrap: ${boot.perSecond.toFixed(0)} req/s through the API against ${reference.perSecond.toFixed(0)} ` +
      `transactions/s of the least signed-in SQL sent raw (${reference.tool}, ${reference.statements} statements: ` +
      `begin, tenant scope, session with user by token hash, commit) = ${ratio.toFixed(2)}× — target ≥ 0.5×: ` +
      `${ratio >= 0.5 ? 'met' : 'MISSED'}`,
  );
  if (prepared)
    console.log(
      `  (with plans kept — ${prepared.tool}: ${prepared.perSecond.toFixed(0)} transactions/s, ` +
        `${(boot.perSecond / prepared.perSecond).toFixed(2)}×)`,
    );
}

/** Issue 37 §1: a 3-page document PDF with logo, each language beside bare pdfkit writing the same text. */
export function printDocuments(d: DocumentFigures) {
  console.log('');
  console.log(
    `document PDF (drawDocument, a signed permit agreement of ${DOCUMENT_PAGES} Letter pages: headings, marked ` +
      'runs and variables, a numbered and a bulleted list, a 4-column table of 15 rows, a 600×200 RGBA PNG logo, an ' +
      `800×240 RGBA PNG signature; in-process, ${d.runs} runs after a warm-up):`,
  );
  for (const [lang, name] of [
    ['en', 'English (Helvetica)'],
    ['zh', 'Chinese (Noto Sans SC)'],
  ] as const) {
    const { draw, bare } = d[lang];
    console.log(
      `  ${name}: p50 ${ms(draw.p50)} / p95 ${ms(draw.p95)} ms, ${draw.pages} pages, ${draw.kb.toFixed(0)} KB — ` +
        `target p50 ≤ ${DOCUMENT_P50_TARGET_MS} ms: ${draw.p50 <= DOCUMENT_P50_TARGET_MS ? 'met' : 'MISSED'}; bare ` +
        `pdfkit writing its text as plain lines (same fonts, images and ${bare.pages} pages): p50 ${ms(bare.p50)} / ` +
        `p95 ${ms(bare.p95)} ms → renderer at ${(draw.p50 / bare.p50).toFixed(2)}× the floor; without the two ` +
        `images: p50 ${ms(d[lang].noImages.p50)} ms`,
    );
  }
  console.log(
    `  first document in the process: English ${ms(d.en.coldMs)} ms (loads pdfkit), Chinese ` +
      `${ms(d.zh.coldMs)} ms (reads the two 10 MB fonts); different outputs over the runs of the same input: ` +
      `English ${d.en.draw.variants}, Chinese ${d.zh.draw.variants} (1 = the same bytes every time)`,
  );
}

/** A send's runs, when more than one (a run works four minutes at most, then queues its continuation). */
const runsOf = (n: number) => (n > 1 ? ` in ${n} runs` : '');

/** Issue 37 §3: the bulk send to 10,000 residents, beside its raw references and its targets. */
export function printBulkMail(b: BulkFigures) {
  const s = (n: number) => (n / 1000).toFixed(2);
  const d = b.delivery;
  const r = b.refusals;
  const k = b.kill;
  const ceiling = BULK_RATE_PER_MINUTE / 60;
  console.log('');
  console.log(
    `bulk send to ${b.residents} residents (the count shown: ${b.count} reachable; no attachments; the property's ` +
      `rate ${BULK_RATE_PER_MINUTE}/min = ${ceiling}/s, the most it allows; peer: the test peer, plain SMTP, in its ` +
      `own process; ${JOB_CONNECTIONS} pooled connections):`,
  );
  console.log(
    `  the click (POST /emails-sender, ${b.click.total} recipients written): ${ms(b.click.ms[0]!)} ms (the 3 ` +
      `later sends ${b.click.ms.slice(1).map(ms).join(', ')} ms) — target ≤ ${BULK_CLICK_TARGET_MS} ms: ` +
      `${Math.max(...b.click.ms) <= BULK_CLICK_TARGET_MS ? 'met' : 'MISSED'}; its insert…select sent raw (pg, same ` +
      `scope, rolled back): best ${ms(b.sql.best)} / median ${ms(b.sql.median)} ms`,
  );
  console.log(
    `  delivered: ${d.states.sent} sent, ${d.states.failed} failed in ${s(d.totalMs)} s from the click = ` +
      `${d.perSecond.toFixed(0)} messages/s — target ≥ ${BULK_RATE_TARGET}: ` +
      `${d.perSecond >= BULK_RATE_TARGET ? 'met' : 'MISSED'} (job picked up ${ms(d.pickupMs)} ms after the answer, ` +
      `ran ${s(d.jobMs)} s${runsOf(d.runs)}; at the peer ${d.peer.distinct} recipients, ${d.peer.twice} twice, ` +
      `first to last mail ${s(d.peerSpanMs)} s)`,
  );
  const raw = b.raw;
  console.log(
    `  nodemailer alone, same peer, pooled ×${JOB_CONNECTIONS}, all handed over at once, its sockets with Nagle off ` +
      `as the product's: ${raw.minimal.perSecond.toFixed(0)} messages/s minimal, ` +
      `${raw.productMail.perSecond.toFixed(0)}/s with the product's mail (text, HTML, unsubscribe headers) → the ` +
      `job at ${(d.perSecond / raw.productMail.perSecond).toFixed(2)}× of it (its pace's ceiling ${ceiling}/s); as ` +
      `nodemailer opens them (Nagle on, ${NAGLE_MAILS} minimal mails): ` +
      `${raw.nagle.perSecond.toFixed(0)}/s`,
  );
  const u = b.unpaced;
  console.log(
    `  the job without its pace (the send's row set beyond the settings' 12,000/min): ${u.states.sent} sent in ` +
      `${s(u.ms)} s = ${u.perSecond.toFixed(0)} messages/s (${(u.perSecond / b.raw.productMail.perSecond).toFixed(2)}× ` +
      `nodemailer alone with the product's mail; at the peer ${u.peer.distinct} recipients, ${u.peer.twice} twice)`,
  );
  console.log(
    `  peer refusing 1 in 10 (${r.refused} addresses): ${r.states.sent} sent, ${r.failed} failed — failed set = ` +
      `refused set: ${r.sameSet ? 'yes' : 'NO'}; failed with attempts = 2: ${r.failedTwice}/${r.failed}, with the ` +
      `550 answer: ${r.failedWith550}; refused twice at the peer: ${r.refusedAtPeerTwice} addresses (other counts: ` +
      `${r.refusedAtPeerOther}); refused addresses that got the mail: ${r.reachedRefused}; ${r.perSecond.toFixed(0)} ` +
      `messages/s from the click (${s(r.totalMs)} s${runsOf(r.runs)}); nodemailer alone, the product's mail, same ` +
      `refusals (${raw.productRefused.refused} refused, sent again, ${raw.productRefused.failed} refused twice): ` +
      `${raw.productRefused.perSecond.toFixed(0)}/s (a refusal closes the pooled connection: a new one waits for ` +
      `the peer's greeting)`,
  );
  const extra = k.peer.twice - k.peer.twiceSameId;
  console.log(
    `  worker process killed (SIGKILL) at ${k.atKill} mails at the peer (+${k.afterKill} arrived after): rows then ` +
      `${k.killedStates.sent} sent, ${k.killedStates.sending} sending (its claim), ${k.killedStates.queued} queued; ` +
      `taken again after the lease (${RESUME_LEASE_SECONDS} s) in ${s(k.resumeMs)} s → ${k.states.sent}/${k.total} ` +
      `sent, send ${k.states.send}`,
  );
  console.log(
    `    at the peer: ${k.peer.distinct} distinct recipients (lost: ${k.total - k.peer.distinct}), ${k.peer.twice} ` +
      `got it more than once (most copies ${k.peer.mostCopies}), of those ${k.peer.twiceSameId} with the same ` +
      `Message-ID — ${
        k.total === k.peer.distinct && k.peer.twice <= JOB_CONNECTIONS && extra === 0
          ? `none lost; duplicates within the in-flight window (≤ ${JOB_CONNECTIONS}), each the same message`
          : `BUG: ${k.total - k.peer.distinct} lost, ${k.peer.twice} duplicates (in-flight window ${JOB_CONNECTIONS}), ` +
            `${extra} with another Message-ID`
      }`,
  );
}
