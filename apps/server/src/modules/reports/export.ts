import {
  reportStatusLabelKey,
  reportTitleKey,
  type ReportName,
  type ReportSeries,
  type ReportStatusChart,
} from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { nameIn } from '../../platform/db/catalog-table';
import type { FileAnswer } from '../../platform/file-answer';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { exportSheets, type ExportSheet } from '../../platform/xlsx';
import { buildings } from '../buildings/table';
import { contentDisposition } from '../files/service';
import { permitTypes } from '../permit-types/table';
import {
  enforcementReport,
  occupancyReport,
  permitsReport,
  visitorsReport,
  type ReportFilters,
} from './service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A time series as a sheet: one row per period, one column per series, and the total. */
function seriesSheet(
  lang: Scope['lang'],
  sheet: string,
  periods: readonly string[],
  series: readonly ReportSeries[],
  label: (s: ReportSeries) => string,
): ExportSheet {
  return {
    sheet,
    columns: [
      { key: 'period', header: t(lang, 'reports.period'), width: 14 },
      ...series.map((s, i) => ({ key: `s${i}`, header: label(s), width: 16 })),
      { key: 'total', header: t(lang, 'reports.total'), width: 12 },
    ],
    rows: [
      ...periods.map((period, p) => ({
        period,
        ...Object.fromEntries(series.map((s, i) => [`s${i}`, s.values[p] ?? 0])),
        total: series.reduce((sum, s) => sum + (s.values[p] ?? 0), 0),
      })),
      {
        period: t(lang, 'reports.total'),
        ...Object.fromEntries(series.map((s, i) => [`s${i}`, s.total])),
        total: series.reduce((sum, s) => sum + s.total, 0),
      },
    ],
  };
}

const statusLabel = (lang: Scope['lang'], chart: ReportStatusChart) => (s: ReportSeries) =>
  t(lang, reportStatusLabelKey(chart, s.key));

/** The first sheet: what the figures are (the report, the property, the period and the filters). */
async function aboutSheet(
  ctx: Scope,
  name: ReportName,
  period: { from: string; to: string; timeZone: string; groupBy?: string } | { day: string },
  filters: ReportFilters,
): Promise<ExportSheet> {
  const lang = ctx.lang;
  const rows: [string, string][] = [
    [t(lang, 'reports.title'), t(lang, reportTitleKey(name))],
    [t(lang, 'reports.property'), ctx.property?.name ?? ''],
  ];
  if ('day' in period) rows.push([t(lang, 'reports.asOf'), period.day]);
  else {
    rows.push([t(lang, 'reports.period'), `${period.from} – ${period.to} (${period.timeZone})`]);
    if (period.groupBy) rows.push([t(lang, 'reports.groupBy'), t(lang, `reports.group.${period.groupBy}`)]);
  }
  if (filters.buildingId !== undefined && name !== 'enforcement' && name !== 'occupancy') {
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
  return {
    sheet: t(lang, 'reports.aboutSheet'),
    columns: [
      { key: 'k', header: '', width: 22 },
      { key: 'v', header: '', width: 48 },
    ],
    rows: rows.map(([k, v]) => ({ k, v })),
  };
}

/** GET /reports/{name}/export?format=xlsx: the report's tables as .xlsx in the reader's language. */
export async function exportReport(
  ctx: Scope,
  name: ReportName,
  filters: ReportFilters,
): Promise<FileAnswer> {
  const lang = ctx.lang;
  const sheets: ExportSheet[] = [];
  let span: string;
  if (name === 'occupancy') {
    const r = await occupancyReport(ctx);
    span = r.day;
    sheets.push(await aboutSheet(ctx, name, { day: r.day }, filters));
    const counts = [
      { key: 'total', header: t(lang, 'reports.occupancy.total') },
      { key: 'available', header: t(lang, 'spots.status.available') },
      { key: 'assigned', header: t(lang, 'spots.status.assigned') },
      { key: 'reserved', header: t(lang, 'spots.status.reserved') },
      { key: 'outOfService', header: t(lang, 'spots.status.outOfService') },
      { key: 'rate', header: t(lang, 'reports.occupancy.rate') },
    ];
    const rate = (c: { total: number; assigned: number; reserved: number; outOfService: number }) => {
      const usable = c.total - c.outOfService;
      return usable > 0 ? Math.round((1000 * (c.assigned + c.reserved)) / usable) / 10 : null;
    };
    const noArea = t(lang, 'reports.occupancy.noArea');
    sheets.push({
      sheet: t(lang, 'reports.occupancy.title'),
      columns: [
        { key: 'area', header: t(lang, 'reports.occupancy.area'), width: 24 },
        { key: 'type', header: t(lang, 'reports.occupancy.type'), width: 20 },
        ...counts.map((c) => ({ ...c, width: 14 })),
      ],
      rows: [
        ...r.rows.map((row) => ({
          area: row.area ?? noArea,
          type: t(lang, `spots.type.${row.type}`),
          total: row.total,
          available: row.available,
          assigned: row.assigned,
          reserved: row.reserved,
          outOfService: row.outOfService,
          rate: rate(row),
        })),
        { area: t(lang, 'reports.total'), type: null, ...r.totals, rate: rate(r.totals) },
      ],
    });
  } else if (name === 'permits') {
    const r = await permitsReport(ctx, filters);
    span = `${r.from}_${r.to}`;
    sheets.push(await aboutSheet(ctx, name, r, filters));
    sheets.push(
      seriesSheet(
        lang,
        t(lang, 'reports.permits.byStatus'),
        r.periods,
        r.byStatus,
        statusLabel(lang, 'permits'),
      ),
      seriesSheet(lang, t(lang, 'reports.permits.byType'), r.periods, r.byType, (s) => s.name ?? s.key),
    );
  } else if (name === 'visitors') {
    const r = await visitorsReport(ctx, filters);
    span = `${r.from}_${r.to}`;
    sheets.push(await aboutSheet(ctx, name, r, filters));
    sheets.push(
      seriesSheet(
        lang,
        t(lang, 'reports.visitors.perPeriod'),
        r.periods,
        r.byStatus,
        statusLabel(lang, 'visitors'),
      ),
      {
        sheet: t(lang, 'reports.visitors.nearest'),
        columns: [
          { key: 'name', header: t(lang, 'reports.visitors.resident'), width: 28 },
          { key: 'units', header: t(lang, 'reports.visitors.units'), width: 16 },
          { key: 'used', header: t(lang, 'reports.visitors.used', { days: r.windowDays }), width: 20 },
          { key: 'limit', header: t(lang, 'reports.visitors.limit'), width: 12 },
        ],
        rows: r.nearest.map((n) => ({ name: n.name, units: n.units, used: n.used, limit: n.limit })),
      },
    );
  } else {
    const r = await enforcementReport(ctx, filters);
    span = `${r.from}_${r.to}`;
    sheets.push(await aboutSheet(ctx, name, r, filters));
    sheets.push(
      seriesSheet(
        lang,
        t(lang, 'reports.enforcement.warnings'),
        r.periods,
        r.warnings,
        statusLabel(lang, 'warnings'),
      ),
      seriesSheet(lang, t(lang, 'reports.enforcement.tows'), r.periods, r.tows, statusLabel(lang, 'tows')),
    );
  }
  return {
    body: await exportSheets(sheets),
    contentType: XLSX,
    disposition: contentDisposition(`${name}-${span}.xlsx`, 'attachment'),
  };
}
