import {
  VISITOR_EXPORT_COLUMNS,
  VISITOR_STATUS_DISPLAY,
  wallClockIn,
  type VisitorItem,
} from '@parkade/contract';
import type QRCodeLib from 'qrcode';
import type { FileAnswer } from '../../platform/file-answer';
import { HttpError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { lazy } from '../../platform/lazy';
import { newPdf, pdfBuffer } from '../../platform/pdf';
import type { Scope } from '../../platform/scope';
import { exportWorkbook } from '../../platform/xlsx';
import { areaOrigin } from '../auth/service';
import { contentDisposition } from '../files/service';
import { propertyLogo } from '../properties/logo';
import { datesFor, propertyTimeZone } from '../properties/dates';
import { getVisitor, visitorsList } from './service';
import { permitToken } from './write';

const qrcode = lazy<typeof QRCodeLib>('qrcode');

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** GET /visitors/export: the visitors the list's filters, term and sort select, as .xlsx (text neutralised). */
export async function exportVisitors(ctx: Scope, query: string): Promise<FileAnswer> {
  const params = new URLSearchParams(query);
  for (const k of ['page', 'pageSize', 'all', 'include']) params.delete(k);
  params.set('all', '1');
  params.set('include', 'resident,unit,make,model,state');
  const { data } = await visitorsList.list(ctx, params.toString());
  const lang = ctx.lang;
  // A cell's date has no zone: it is written as the property's wall clock, its header naming the zone (decision
  // 0039 §12).
  const zone = await propertyTimeZone(ctx);
  const date = (s: string | null) => (s ? wallClockIn(s, zone) : null);
  const dates = new Set(['validFrom', 'validUntil', 'createdAt']);
  const body = await exportWorkbook({
    sheet: t(lang, 'visitors.sheet'),
    columns: VISITOR_EXPORT_COLUMNS.map((key) => ({
      key,
      header: dates.has(key)
        ? `${t(lang, `visitors.fields.${key}`)} (${zone})`
        : t(lang, `visitors.fields.${key}`),
      width: key === 'name' || key === 'resident' || key === 'email' ? 28 : 18,
      ...(dates.has(key) ? { dateFormat: 'yyyy-mm-dd hh:mm' } : {}),
    })),
    rows: data.map((x: VisitorItem) => ({
      name: x.name,
      phone: x.phone,
      email: x.email,
      plate: x.plate,
      state: x.state?.name ?? null,
      make: x.make?.name ?? null,
      model: x.model?.name ?? null,
      color: x.color,
      vehicleType: x.vehicleType ? t(lang, `vehicles.type.${x.vehicleType}`) : null,
      resident: x.resident?.fullName ?? null,
      unit: x.unit?.name ?? null,
      permitCode: x.permitCode,
      status: t(lang, VISITOR_STATUS_DISPLAY[x.shownStatus]),
      validFrom: date(x.validFrom),
      validUntil: date(x.validUntil),
      createdAt: date(x.createdAt),
    })),
  });
  return { body, contentType: XLSX, disposition: contentDisposition('visitors.xlsx', 'attachment') };
}

/**
 * GET /visitors/:id/permit.pdf: the visitor permit on a Letter page in large type (to print at the desk or show
 * on a phone): the property's logo and name, the code, the plate, the validity in the property's time zone, and a
 * QR code to the public check page /permit/{token} (plate, validity and status; nothing personal). Only a valid
 * permit is printed: a request waiting for approval has no validity yet — approval sets it (decision 0039 §14) —
 * so it is refused with a message that says it waits (`visitors.pdfPending`).
 */
export async function visitorPermitPdf(ctx: Scope, id: number): Promise<FileAnswer> {
  const visitor = await getVisitor(ctx, id);
  if (visitor.permitCode && visitor.shownStatus === 'pending')
    throw new HttpError(422, 'visitors.pdfPending');
  if (!visitor.permitCode || visitor.shownStatus !== 'valid')
    throw new HttpError(422, 'visitors.notPrintable', {
      status: t(ctx.lang, VISITOR_STATUS_DISPLAY[visitor.shownStatus]),
    });
  const { doc, bold, regular, lang } = newPdf(ctx.lang);
  // Paper is read anywhere and later: its times name the property's zone (decision 0039 §12).
  const dates = await datesFor(ctx, { lang, document: true });
  const when = (s: string | null) => (s ? dates.instant(s) : '—');
  const logo = await propertyLogo(ctx);
  if (logo) {
    try {
      doc.image(logo, { fit: [180, 60] });
      doc.moveDown(0.5);
    } catch {
      // an unreadable logo is left out
    }
  }
  doc
    .font(regular)
    .fontSize(14)
    .fillColor('#444')
    .text(ctx.property?.name ?? '');
  doc.font(bold).fontSize(26).fillColor('#111').text(t(lang, 'visitors.print.title'));
  doc.moveDown(0.3);
  doc.font(bold).fontSize(40).text(visitor.permitCode);
  doc.font(regular).fontSize(12).fillColor('#444').text(t(lang, 'visitors.print.plate'));
  doc
    .font(bold)
    .fontSize(32)
    .fillColor('#111')
    .text(visitor.plate ?? '—');
  doc.moveDown(0.3);
  doc.font(regular).fontSize(12).fillColor('#444').text(t(lang, 'visitors.print.validity'));
  doc
    .font(bold)
    .fontSize(18)
    .fillColor('#111')
    .text(t(lang, 'visitors.print.range', { from: when(visitor.validFrom), to: when(visitor.validUntil) }));
  const url = checkUrlOf(ctx, visitor.permitCode)!;
  const qr = await qrcode().toBuffer(url, { errorCorrectionLevel: 'M', margin: 1, width: 400 });
  doc.moveDown(1);
  const top = doc.y;
  doc.image(qr, doc.page.margins.left, top, { width: 180, height: 180 });
  doc
    .font(regular)
    .fontSize(12)
    .fillColor('#444')
    .text(t(lang, 'visitors.print.scan'), doc.page.margins.left + 200, top + 60, { width: 280 });
  return {
    body: await pdfBuffer(doc),
    contentType: 'application/pdf',
    disposition: contentDisposition(`visitor-permit-${visitor.permitCode}.pdf`, 'inline'),
  };
}

/** The public check page of a visitor permit (`/permit/{token}`, what its QR code opens); null without a permit. */
export const checkUrlOf = (ctx: Scope, permitCode: string | null) =>
  permitCode ? `${areaOrigin(ctx)}/permit/${encodeURIComponent(permitToken(ctx, permitCode))}` : null;

/** A visitor as one record's answer gives it: with its permit's check page link (staff copy it for the visitor). */
export const withCheckUrl = (ctx: Scope, item: VisitorItem): VisitorItem => ({
  ...item,
  checkUrl: checkUrlOf(ctx, item.permitCode),
});
