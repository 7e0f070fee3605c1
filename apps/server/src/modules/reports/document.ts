import { reportTitleKey, SPACE_STATUSES, type ReportName } from '@parkade/contract';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { mailDocument, patrolDocument } from './document-activity';
import { aboutOf, seriesPart, statusLabel, type Cell, type ReportDocument } from './document-parts';
import {
  enforcementReport,
  occupancyReport,
  permitsReport,
  visitorsReport,
  type ReportFilters,
} from './service';

/** The report `name` under `filters`, in the reader's language, as both exports write it. */
export async function reportDocument(
  ctx: Scope,
  name: ReportName,
  filters: ReportFilters,
): Promise<ReportDocument> {
  const lang = ctx.lang;
  const base = { name, title: t(lang, reportTitleKey(name)) };
  if (name === 'patrol') return patrolDocument(ctx, base, filters);
  if (name === 'mail') return mailDocument(ctx, base, filters);
  if (name === 'permits') {
    const r = await permitsReport(ctx, filters);
    return {
      ...base,
      about: await aboutOf(ctx, name, r, filters),
      span: `${r.from}_${r.to}`,
      parts: [
        seriesPart(
          lang,
          t(lang, 'reports.permits.byStatus'),
          r.periods,
          r.byStatus,
          statusLabel(lang, 'permits'),
        ),
        seriesPart(lang, t(lang, 'reports.permits.byType'), r.periods, r.byType, (s) => s.name ?? s.key),
      ],
    };
  }
  if (name === 'visitors') {
    const r = await visitorsReport(ctx, filters);
    const head = [
      t(lang, 'reports.visitors.resident'),
      t(lang, 'reports.visitors.units'),
      t(lang, 'reports.visitors.used', { days: r.windowDays }),
      t(lang, 'reports.visitors.limit'),
    ];
    const rows: Cell[][] = r.nearest.map((n) => [n.name, n.units, n.used, n.limit]);
    return {
      ...base,
      about: await aboutOf(ctx, name, r, filters),
      span: `${r.from}_${r.to}`,
      parts: [
        seriesPart(
          lang,
          t(lang, 'reports.visitors.perPeriod'),
          r.periods,
          r.byStatus,
          statusLabel(lang, 'visitors'),
        ),
        {
          title: t(lang, 'reports.visitors.nearest'),
          columns: ['name', 'units', 'used', 'limit'].map((key, i) => ({
            key,
            header: head[i]!,
            width: i === 0 ? 28 : i === 2 ? 20 : 14,
          })),
          rows: r.nearest.map((n) => ({ name: n.name, units: n.units, used: n.used, limit: n.limit })),
          summary: { head, rows },
        },
      ],
    };
  }
  if (name === 'enforcement') {
    const r = await enforcementReport(ctx, filters);
    return {
      ...base,
      about: await aboutOf(ctx, name, r, filters),
      span: `${r.from}_${r.to}`,
      parts: [
        seriesPart(
          lang,
          t(lang, 'reports.enforcement.warnings'),
          r.periods,
          r.warnings,
          statusLabel(lang, 'warnings'),
        ),
        seriesPart(lang, t(lang, 'reports.enforcement.tows'), r.periods, r.tows, statusLabel(lang, 'tows')),
      ],
    };
  }
  const r = await occupancyReport(ctx);
  const rate = (c: { total: number; assigned: number; reserved: number; outOfService: number }) => {
    const usable = c.total - c.outOfService;
    return usable > 0 ? Math.round((1000 * (c.assigned + c.reserved)) / usable) / 10 : null;
  };
  const counts = ['total', ...SPACE_STATUSES, 'rate'] as const;
  const countHeaders = counts.map((k) =>
    k === 'total'
      ? t(lang, 'reports.occupancy.total')
      : k === 'rate'
        ? t(lang, 'reports.occupancy.rate')
        : t(lang, `spots.status.${k}`),
  );
  type Counts = {
    total: number;
    available: number;
    assigned: number;
    reserved: number;
    outOfService: number;
  };
  const cells = (c: Counts): Cell[] => counts.map((k) => (k === 'rate' ? rate(c) : c[k]));
  const area = (a: string | null) => a ?? t(lang, 'reports.occupancy.noArea');
  const total = t(lang, 'reports.total');
  const byAreaRows = [...r.byArea.map((a) => [area(a.area), ...cells(a)]), [total, ...cells(r.totals)]];
  return {
    ...base,
    about: await aboutOf(ctx, name, { day: r.day }, {}),
    span: r.day,
    parts: [
      {
        title: t(lang, 'reports.occupancy.title'),
        columns: [
          { key: 'area', header: t(lang, 'reports.occupancy.area'), width: 24 },
          { key: 'type', header: t(lang, 'reports.occupancy.type'), width: 20 },
          ...counts.map((key, i) => ({ key, header: countHeaders[i]!, width: 14 })),
        ],
        rows: [
          ...r.rows.map((row) => ({
            area: area(row.area),
            type: t(lang, `spots.type.${row.type}`),
            ...Object.fromEntries(counts.map((k, i) => [k, cells(row)[i]!])),
          })),
          { area: total, type: null, ...Object.fromEntries(counts.map((k, i) => [k, cells(r.totals)[i]!])) },
        ],
        chart: {
          categories: r.byArea.map((a) => area(a.area)),
          series: SPACE_STATUSES.map((s) => ({
            label: t(lang, `spots.status.${s}`),
            values: r.byArea.map((a) => a[s]),
          })),
        },
        summary: { head: [t(lang, 'reports.occupancy.area'), ...countHeaders], rows: byAreaRows },
      },
      {
        title: t(lang, 'reports.occupancy.byType'),
        columns: [
          { key: 'type', header: t(lang, 'reports.occupancy.type'), width: 20 },
          ...counts.map((key, i) => ({ key, header: countHeaders[i]!, width: 14 })),
        ],
        rows: r.byType.map((x) => ({
          type: t(lang, `spots.type.${x.type}`),
          ...Object.fromEntries(counts.map((k, i) => [k, cells(x)[i]!])),
        })),
        summary: {
          head: [t(lang, 'reports.occupancy.type'), ...countHeaders],
          rows: r.byType.map((x) => [t(lang, `spots.type.${x.type}`), ...cells(x)]),
        },
      },
    ],
  };
}
