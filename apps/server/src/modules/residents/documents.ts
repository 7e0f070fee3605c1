import { isoDayIn, type Language } from '@parkade/contract';
import { and, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FileAnswer } from '../../platform/file-answer';
import type { Scope } from '../../platform/scope';
import { t } from '../../platform/i18n';
import { defineListResource, type ListResource } from '../../platform/list-query';
import { newPdf, pdfBuffer, streamToBuffer, type PdfDoc } from '../../platform/pdf';
import { contentDisposition } from '../files/service';
import { files } from '../files/table';
import { datesFor, propertyTimeZone } from '../properties/dates';
import { properties } from '../properties/table';
import { policiesText } from './mail';
import { getResident, propertySettingsOf, residentsList, withUnits } from './service';
import type { ResidentItem } from '@parkade/contract';
import { residents } from './table';

/** The property's logo bytes when it is a PNG or JPEG (what PDF can embed), else null. */
export async function propertyLogo(ctx: Scope): Promise<Buffer | null> {
  const [p] = await ctx.tx
    .select({ logoFileId: properties.logoFileId })
    .from(properties)
    .where(eq(properties.id, ctx.propertyId));
  if (!p?.logoFileId) return null;
  const [f] = await ctx.tx.select().from(files).where(eq(files.id, p.logoFileId));
  if (!f || !['image/png', 'image/jpeg'].includes(f.mimeType)) return null;
  if (!(await ctx.services.storage.exists(f.storageKey))) return null;
  return streamToBuffer(ctx.services.storage.read(f.storageKey));
}

function header(
  doc: PdfDoc,
  bold: string,
  regular: string,
  logo: Buffer | null,
  place: string,
  title: string,
) {
  if (logo) {
    try {
      doc.image(logo, doc.page.margins.left, doc.y, { fit: [120, 48] });
      doc.moveDown(3.5);
    } catch {
      // a logo pdfkit cannot read is left out
    }
  }
  doc.font(regular).fontSize(11).fillColor('#555').text(place);
  doc.font(bold).fontSize(20).fillColor('#111').text(title);
  doc.moveDown(0.8);
  doc.font(regular).fontSize(11).fillColor('#111');
}

const pdfAnswer = (name: string, bytes: Buffer): FileAnswer => {
  return { body: bytes, contentType: 'application/pdf', disposition: contentDisposition(name, 'attachment') };
};

/** GET /residents/:id/download/parkingPolicies: the property's parking policies, in the resident's language. */
export async function policiesPdf(ctx: Scope, id: number) {
  const resident = await getResident(ctx, id);
  const settings = await propertySettingsOf(ctx);
  const place = ctx.property?.name ?? '';
  const { doc, lang, bold, regular } = newPdf(resident.language as Language);
  header(doc, bold, regular, await propertyLogo(ctx), place, t(lang, 'residents.policies.title'));
  doc.text(policiesText(lang, place, settings), { paragraphGap: 6, lineGap: 2 });
  return pdfAnswer(`parking-policies-${id}.pdf`, await pdfBuffer(doc));
}

/** The agreement a resident signs, in their language: the same words on the signing page and in the PDF. */
export async function agreementContent(ctx: Scope, resident: ResidentItem) {
  const settings = await propertySettingsOf(ctx);
  const place = ctx.property?.name ?? '';
  const lang = resident.language as Language;
  const unitNames = (resident.units ?? []).map((x) => `${x.buildingName} ${x.name}`).join(', ');
  return {
    lang,
    place,
    title: t(lang, 'residents.agreement.title'),
    body: t(lang, 'residents.agreement.body', { name: resident.fullName, units: unitNames || '—', place }),
    policiesTitle: t(lang, 'residents.policies.title'),
    policies: policiesText(lang, place, settings),
  };
}

/** GET /residents/:id/download/agreement: the permit agreement, with the signature when the resident signed. */
export async function agreementPdf(ctx: Scope, id: number) {
  const resident = await getResident(ctx, id);
  const [sig] = await ctx.tx
    .select({ signature: residents.signature, signedAt: residents.signedAt })
    .from(residents)
    .where(and(eq(residents.propertyId, ctx.propertyId), eq(residents.id, id), isNull(residents.deletedAt)));
  const content = await agreementContent(ctx, resident);
  const { doc, lang, bold, regular } = newPdf(content.lang);
  header(doc, bold, regular, await propertyLogo(ctx), content.place, content.title);
  doc.text(content.body, { lineGap: 2 });
  doc.moveDown();
  doc.font(bold).text(content.policiesTitle);
  doc.font(regular).text(content.policies, { paragraphGap: 6, lineGap: 2 });
  doc.moveDown(2);
  const m = /^data:image\/png;base64,(.+)$/.exec(sig?.signature ?? '');
  if (m) {
    try {
      doc.image(Buffer.from(m[1]!, 'base64'), { fit: [220, 80] });
    } catch {
      // an unreadable signature image is left out; the date below still says it was signed
    }
  }
  doc.font(regular).text(
    sig?.signedAt
      ? t(lang, 'residents.agreement.signed', {
          date: (await datesFor(ctx, { lang, document: true })).day(sig.signedAt),
        })
      : t(lang, 'residents.agreement.unsigned'),
  );
  doc.text(`${resident.fullName} · ${resident.email ?? ''}`);
  return pdfAnswer(`permit-agreement-${id}.pdf`, await pdfBuffer(doc));
}

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
