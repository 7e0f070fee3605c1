import { isoDayIn } from '@parkade/contract';
import { isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FileAnswer } from '../../platform/file-answer';
import type { Scope } from '../../platform/scope';
import { t } from '../../platform/i18n';
import { residentDocumentPdf } from '../documents/output';
import { defineListResource, type ListResource } from '../../platform/list-query';
import { contentDisposition } from '../files/service';
import { propertyTimeZone } from '../properties/dates';
import { residentsList, withUnits } from './service';
import type { ResidentItem } from '@parkade/contract';
import { residents } from './table';

/** GET /residents/:id/download/parkingPolicies: the property's parking policies, in the resident's language. */
export const policiesPdf = (ctx: Scope, id: number) => residentDocumentPdf(ctx, 'parking-policies', id);

/** GET /residents/:id/download/agreement: the permit agreement, as signed (or for the resident today). */
export const agreementPdf = (ctx: Scope, id: number) => residentDocumentPdf(ctx, 'permit-agreement', id);

/** Rows an export may hold (the list's own `all=1` stops at ALL_MAX). */
export const EXPORT_MAX = 100_000;
const exportList: ListResource<ResidentItem> = defineListResource({
  ...residentsList.def,
  maxAll: EXPORT_MAX,
});

/**
 * A cell a spreadsheet will never run as a formula: text that starts with =, +, -, @, a tab or a carriage return
 * gets a leading apostrophe (OWASP "CSV injection").
 */
export const neutralise = (v: string | null | undefined): string => {
  const s = v ?? '';
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
};

/** GET /residents/export: the residents the list's filters, term and sort select, as .xlsx. */
export async function exportResidents(ctx: Scope, query: string): Promise<FileAnswer> {
  const params = new URLSearchParams(query);
  for (const k of ['page', 'pageSize', 'all', 'include']) params.delete(k);
  params.set('all', '1');
  params.set('include', 'units,vehicles');
  const { data } = await exportList.list(ctx, params.toString(), {
    where: isNull(residents.deletedAt),
  });
  await withUnits(ctx, data);
  const lang = ctx.lang;
  // The day a resident was created at the property, in its zone (the UTC day can be the next one).
  const zone = await propertyTimeZone(ctx);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t(lang, 'residents.import.sheet'));
  const cols = [
    'name',
    'email',
    'phone',
    'building',
    'unit',
    'code',
    'language',
    'lease_expiration',
    'status',
    'vehicles',
    'createdAt',
  ] as const;
  ws.columns = cols.map((c) => ({
    header: t(lang, `residents.col.${c}`),
    key: c,
    width: c === 'email' ? 30 : 18,
  }));
  ws.getRow(1).font = { bold: true };
  for (const x of data)
    ws.addRow({
      name: neutralise(x.fullName),
      email: neutralise(x.email),
      phone: neutralise(x.phone),
      building: neutralise(x.buildingName),
      unit: neutralise((x.units ?? []).map((u) => u.name).join(', ')),
      code: neutralise(x.code),
      language: x.language,
      lease_expiration: x.leaseExpirationAt ?? '',
      status: t(lang, `residents.status.${x.status}`),
      vehicles: neutralise((x.vehicles ?? []).map((v) => v.plate).join(', ')),
      createdAt: isoDayIn(x.createdAt, zone),
    });
  return {
    body: Buffer.from(await wb.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    disposition: contentDisposition('residents.xlsx', 'attachment'),
  };
}
