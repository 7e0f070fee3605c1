import {
  reportStatusLabelKey,
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
import type { ReportFilters } from './service';

/* The pieces of a report's document (document.ts): what its two exports, .xlsx and PDF, are both written from. */

export type Cell = string | number | null;

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
  /** A date cell (a wall clock in the property's zone, `wallClockIn`) shows as its column's `dateFormat`. */
  rows: Record<string, Cell | Date>[];
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

/** A column after a series' total in its sheet (the patrol's time on site): a value per period and its total. */
export interface ExtraColumn {
  header: string;
  values: readonly (number | null)[];
  total: number | null;
  /** Its cells' Excel format (a duration: `[h]:mm`). */
  format?: string;
}

/** A time series as a part: a row per period, a column per series and the total; its chart; its totals. */
export function seriesPart(
  lang: Scope['lang'],
  title: string,
  periods: readonly string[],
  series: readonly ReportSeries[],
  label: (s: ReportSeries) => string,
  extra?: ExtraColumn,
): DocPart {
  const total = t(lang, 'reports.total');
  const sum = series.reduce((n, s) => n + s.total, 0);
  const more = (values: Record<string, Cell>) => (extra ? values : {});
  return {
    title,
    columns: [
      { key: 'period', header: t(lang, 'reports.period'), width: 14 },
      ...series.map((s, i) => ({ key: `s${i}`, header: label(s), width: 16 })),
      { key: 'total', header: total, width: 12 },
      ...(extra ? [{ key: 'extra', header: extra.header, width: 18, dateFormat: extra.format }] : []),
    ],
    rows: [
      ...periods.map((period, p) => ({
        period,
        ...Object.fromEntries(series.map((s, i) => [`s${i}`, s.values[p] ?? 0])),
        total: series.reduce((n, s) => n + (s.values[p] ?? 0), 0),
        ...more({ extra: extra?.values[p] ?? null }),
      })),
      {
        period: total,
        ...Object.fromEntries(series.map((s, i) => [`s${i}`, s.total])),
        total: sum,
        ...more({ extra: extra?.total ?? null }),
      },
    ],
    chart: { categories: [...periods], series: series.map((s) => ({ label: label(s), values: s.values })) },
    summary: { head: [title, total], rows: [...series.map((s) => [label(s), s.total]), [total, sum]] },
  };
}

export const statusLabel = (lang: Scope['lang'], chart: ReportStatusChart) => (s: ReportSeries) =>
  t(lang, reportStatusLabelKey(chart, s.key));

/** What the figures are: the property, the period with its zone and grouping, the building and the permit type. */
export async function aboutOf(
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
