import {
  formatInstant,
  INTL_LOCALES,
  OUTBOX_STATUSES,
  PLATE_VERDICTS,
  reportDuration,
  wallClockIn,
  type PatrolCoverage,
  type ReportName,
} from '@parkade/contract';
import { hasKey, t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import {
  aboutOf,
  seriesPart,
  statusLabel,
  type Cell,
  type DocPart,
  type ReportDocument,
} from './document-parts';
import { mailReport } from './mail';
import { patrolReport } from './patrol';
import type { ReportFilters } from './service';

/*
 * The documents of the patrol report and of "Imports and mail" (decision 0047), written as the other reports' are
 * (document.ts): a sheet per table in the .xlsx with every figure, a chart and a table of totals per part in the PDF.
 */

type Base = { name: ReportName; title: string };

/** A time on site in a sheet: a duration (days, shown [h]:mm). */
const DURATION = '[h]:mm';
const days = (seconds: number | null) => (seconds === null ? null : seconds / 86_400);

/** A time on site as text: "3 h 5 min". */
const durationText = (lang: Scope['lang'], seconds: number | null) => {
  if (seconds === null) return null;
  const d = reportDuration(seconds);
  return t(lang, d.key, d.values);
};

/** Rounds per period (with the time on site), lookups per period by verdict, and per officer. */
export async function patrolDocument(
  ctx: Scope,
  base: Base,
  filters: ReportFilters,
): Promise<ReportDocument> {
  const lang = ctx.lang;
  const r = await patrolReport(ctx, filters);
  const rounds = seriesPart(
    lang,
    t(lang, 'reports.patrol.rounds'),
    r.periods,
    r.rounds,
    statusLabel(lang, 'rounds'),
    {
      header: t(lang, 'reports.patrol.timeOnSite'),
      values: r.seconds.map(days),
      total: days(r.totals.seconds),
      format: DURATION,
    },
  );
  rounds.summary.rows.push(
    [t(lang, 'reports.patrol.timeOnSite'), durationText(lang, r.totals.seconds)],
    [t(lang, 'reports.patrol.average'), durationText(lang, r.totals.averageSeconds)],
  );
  return {
    ...base,
    about: await aboutOf(ctx, base.name, r, filters),
    span: `${r.from}_${r.to}`,
    parts: [
      rounds,
      seriesPart(
        lang,
        t(lang, 'reports.patrol.lookups'),
        r.periods,
        r.lookups,
        statusLabel(lang, 'verdicts'),
      ),
      officersPart(lang, r),
    ],
  };
}

function officersPart(lang: Scope['lang'], r: PatrolCoverage): DocPart {
  const head = {
    name: t(lang, 'reports.patrol.officer'),
    rounds: t(lang, 'reports.patrol.rounds'),
    open: t(lang, 'reports.patrol.round.open'),
    seconds: t(lang, 'reports.patrol.timeOnSite'),
    averageSeconds: t(lang, 'reports.patrol.average'),
    observations: t(lang, 'reports.patrol.observations'),
    lookups: t(lang, 'reports.patrol.lookups'),
  };
  const counts = ['rounds', 'open', 'seconds', 'averageSeconds', 'observations', 'lookups'] as const;
  const rows = [...r.officers, { ...r.totals, name: t(lang, 'reports.total'), verdicts: null }];
  return {
    title: t(lang, 'reports.patrol.byOfficer'),
    columns: [
      { key: 'name', header: head.name, width: 28 },
      ...counts.map((key) => ({
        key,
        header: head[key],
        width: 14,
        ...(key === 'seconds' || key === 'averageSeconds' ? { dateFormat: DURATION } : {}),
      })),
      ...PLATE_VERDICTS.map((v) => ({ key: v, header: t(lang, `lookup.verdict.${v}`), width: 14 })),
    ],
    rows: rows.map((o) => ({
      name: o.name,
      ...Object.fromEntries(
        counts.map((k) => [k, k === 'seconds' || k === 'averageSeconds' ? days(o[k]) : o[k]]),
      ),
      // The total row's verdicts are the lookups chart's totals.
      ...Object.fromEntries(
        PLATE_VERDICTS.map((v) => [
          v,
          o.verdicts ? o.verdicts[v] : (r.lookups.find((s) => s.key === v)?.total ?? 0),
        ]),
      ),
    })),
    summary: {
      head: counts.reduce<string[]>((h, k) => [...h, head[k]], [head.name]),
      rows: rows.map((o) => [
        o.name,
        ...counts.map((k): Cell =>
          k === 'seconds' || k === 'averageSeconds' ? durationText(lang, o[k]) : o[k],
        ),
      ]),
    },
  };
}

/** The label of a mail's kind: its template's name, or the kind itself when it has none. */
const kindLabel = (lang: Scope['lang'], kind: string) =>
  hasKey(`outbox.kinds.${kind}`) ? t(lang, `outbox.kinds.${kind}`) : kind;

/** Import rows per period and each import (every one); mail per period by status and per kind. */
export async function mailDocument(ctx: Scope, base: Base, filters: ReportFilters): Promise<ReportDocument> {
  const lang = ctx.lang;
  const r = await mailReport(ctx, filters, { listAll: true });
  const rows = seriesPart(
    lang,
    t(lang, 'reports.mail.importRows'),
    r.periods,
    r.importRows,
    statusLabel(lang, 'imports'),
  );
  rows.summary.rows.push([t(lang, 'reports.mail.importCount'), r.importCount]);
  const at = { intlLocale: INTL_LOCALES[lang], timeZone: r.timeZone };
  const importHead = {
    at: t(lang, 'reports.mail.startedAt'),
    kind: t(lang, 'reports.mail.importKind'),
    fileName: t(lang, 'reports.mail.file'),
    state: t(lang, 'reports.mail.importState'),
    rows: t(lang, 'reports.mail.rowsRead'),
    imported: t(lang, 'reports.mail.rows.imported'),
    refused: t(lang, 'reports.mail.rows.refused'),
  };
  const importCells = (i: (typeof r.imports)[number]) => ({
    kind: t(lang, `reports.mail.importOf.${i.kind}`),
    fileName: i.fileName,
    state: t(lang, `reports.mail.state.${i.state}`),
    rows: i.rows,
    imported: i.imported,
    refused: i.refused,
  });
  const mailHead = [
    t(lang, 'reports.mail.mailKind'),
    t(lang, 'reports.total'),
    ...OUTBOX_STATUSES.map((s) => t(lang, `outbox.statuses.${s}`)),
  ];
  const kindRow = (k: (typeof r.byKind)[number]): Cell[] => [
    kindLabel(lang, k.kind),
    k.total,
    ...OUTBOX_STATUSES.map((s) => k.statuses[s]),
  ];
  return {
    ...base,
    about: await aboutOf(ctx, base.name, r, filters),
    span: `${r.from}_${r.to}`,
    parts: [
      rows,
      {
        title: t(lang, 'reports.mail.imports'),
        columns: (Object.keys(importHead) as (keyof typeof importHead)[]).map((key) => ({
          key,
          header: importHead[key],
          width: key === 'fileName' ? 30 : key === 'at' ? 18 : 14,
          ...(key === 'at' ? { dateFormat: 'yyyy-mm-dd hh:mm' } : {}),
        })),
        rows: r.imports.map((i) => ({ at: wallClockIn(i.at, r.timeZone), ...importCells(i) })),
        summary: {
          head: Object.values(importHead),
          rows: r.imports.map((i) => [formatInstant(i.at, at), ...Object.values(importCells(i))]),
        },
      },
      seriesPart(lang, t(lang, 'reports.mail.mail'), r.periods, r.mail, statusLabel(lang, 'mail')),
      {
        title: t(lang, 'reports.mail.byKind'),
        columns: mailHead.map((header, i) => ({ key: `c${i}`, header, width: i === 0 ? 30 : 14 })),
        rows: r.byKind.map((k) => Object.fromEntries(kindRow(k).map((c, i) => [`c${i}`, c]))),
        summary: { head: mailHead, rows: r.byKind.map(kindRow) },
      },
    ],
  };
}
