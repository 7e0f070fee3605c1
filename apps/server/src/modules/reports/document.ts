import {
  reportStatusLabelKey,
  reportTitleKey,
  SPACE_STATUSES,
  type ReportName,
  type ReportSeries,
  type ReportStatusChart,
} from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { nameIn } from '../../platform/db/catalog-table';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import type { ExportColumn } from '../../platform/xlsx';
import { buildings } from '../buildings/table';
import { permitTypes } from '../permit-types/table';
import {
  enforcementReport,
  occupancyReport,
  permitsReport,
  visitorsReport,
  type ReportFilters,
} from './service';

type Cell = string | number | null;

/** A chart of a report: one bar per category, its series stacked (a time series' categories are its periods). */
export interface DocChart {
  categories: string[];
  series: { label: string; values: number[] }[];
}

/**
 * One part of a report as its exports write it: a sheet of the .xlsx (`columns`, `rows`: every figure) and a section
 * of the PDF (`chart`, then `summary`, the table that fits a page: a series chart's totals).
 */
export interface DocPart {
  title: string;
  columns: ExportColumn[];
  rows: Record<string, Cell>[];
  chart?: DocChart;
  summary: { head: string[]; rows: Cell[][] };
}

/** A report in the reader's language: its title, what it covers, and its parts. */
export interface ReportDocument {
  name: ReportName;
  title: string;
  /** Label → value: the property, the period, the filters. */
  about: [string, string][];
  /** For the file's name: the period (from_to) or the day. */
  span: string;
  parts: DocPart[];
}

/** A time series as a part: a row per period, a column per series and the total; its chart; its totals. */
function seriesPart(
  lang: Scope['lang'],
  title: string,
  periods: readonly string[],
  series: readonly ReportSeries[],
  label: (s: ReportSeries) => string,
): DocPart {
  const total = t(lang, 'reports.total');
  const sum = series.reduce((n, s) => n + s.total, 0);
  return {
    title,
    columns: [
      { key: 'period', header: t(lang, 'reports.period'), width: 14 },
      ...series.map((s, i) => ({ key: `s${i}`, header: label(s), width: 16 })),
      { key: 'total', header: total, width: 12 },
    ],
    rows: [
      ...periods.map((period, p) => ({
        period,
        ...Object.fromEntries(series.map((s, i) => [`s${i}`, s.values[p] ?? 0])),
        total: series.reduce((n, s) => n + (s.values[p] ?? 0), 0),
      })),
      { period: total, ...Object.fromEntries(series.map((s, i) => [`s${i}`, s.total])), total: sum },
    ],
    chart: { categories: [...periods], series: series.map((s) => ({ label: label(s), values: s.values })) },
    summary: { head: [title, total], rows: [...series.map((s) => [label(s), s.total]), [total, sum]] },
  };
}

const statusLabel = (lang: Scope['lang'], chart: ReportStatusChart) => (s: ReportSeries) =>
  t(lang, reportStatusLabelKey(chart, s.key));

/** What the figures are: the property, the period with its zone and grouping, the building and the permit type. */
async function aboutOf(
  ctx: Scope,
  name: ReportName,
  period: { from: string; to: string; timeZone: string; groupBy: string } | { day: string },
  filters: ReportFilters,
): Promise<[string, string][]> {
  const lang = ctx.lang;
  const rows: [string, string][] = [[t(lang, 'reports.property'), ctx.property?.name ?? '']];
  if ('day' in period) rows.push([t(lang, 'reports.asOf'), period.day]);
  else {
    rows.push([t(lang, 'reports.period'), `${period.from} – ${period.to} (${period.timeZone})`]);
    rows.push([t(lang, 'reports.groupBy'), t(lang, `reports.group.${period.groupBy}`)]);
  }
  if (filters.buildingId !== undefined && (name === 'permits' || name === 'visitors')) {
    const [b] = await ctx.tx
      .select({ name: buildings.name })
      .from(buildings)
      .where(and(eq(buildings.propertyId, ctx.propertyId), eq(buildings.id, filters.buildingId)));
    rows.push([t(lang, 'reports.building'), b?.name ?? String(filters.buildingId)]);
  }
  if (filters.permitTypeId !== undefined && name === 'permits') {
    const [type] = await ctx.tx
      .select({ name: nameIn(permitTypes, lang) })
      .from(permitTypes)
      .where(eq(permitTypes.id, filters.permitTypeId));
    rows.push([t(lang, 'reports.permitType'), type?.name ?? String(filters.permitTypeId)]);
  }
  return rows;
}

/** The report `name` under `filters`, in the reader's language, as both exports write it. */
export async function reportDocument(
  ctx: Scope,
  name: ReportName,
  filters: ReportFilters,
): Promise<ReportDocument> {
  const lang = ctx.lang;
  const base = { name, title: t(lang, reportTitleKey(name)) };
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
