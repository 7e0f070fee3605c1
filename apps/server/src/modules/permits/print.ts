import type { z } from 'zod';
import type QRCodeLib from 'qrcode';
import type { permitPrintQuery } from '@parkade/contract';
import type { FileAnswer } from '../../platform/file-answer';
import type { Scope } from '../../platform/scope';
import { t } from '../../platform/i18n';
import { newPdf, pdfBuffer } from '../../platform/pdf';
import { areaOrigin } from '../auth/service';
import { contentDisposition } from '../files/service';
import { datesFor } from '../properties/dates';
import { propertyLogo } from '../properties/logo';
import { printable } from './service';
import { lazy } from '../../platform/lazy';

const qrcode = lazy<typeof QRCodeLib>('qrcode');

const MM = 72 / 25.4;
/** The permit on the sheet: 4 × 3 inches. */
const W = 288;
const H = 216;

/**
 * GET /permits/:id/print: the permit on a Letter sheet. ppm1 is a hang tag at the top left with a dashed
 * perforation around it; ppm2 is a peel-off sticker at the bottom left with rounded corners. The margins (mm)
 * move the block from the sheet's edges: left and top for ppm1, left and bottom for ppm2; right and bottom (ppm1)
 * or top (ppm2) keep the block clear of the other edges on small stock.
 */
export async function permitPdf(ctx: Scope, id: number, q: z.output<typeof permitPrintQuery>) {
  const { permit, token, plate, typeName } = await printable(ctx, id);
  const lang = ctx.lang;
  const { doc, bold, regular, lang: used } = newPdf(lang, { margin: 0 });
  const pageW = doc.page.width;
  const pageH = doc.page.height;
  const x = Math.min(q.marginLeft * MM, pageW - W - q.marginRight * MM);
  const y =
    q.format === 'ppm1'
      ? Math.min(q.marginTop * MM, pageH - H - q.marginBottom * MM)
      : Math.max(pageH - H - q.marginBottom * MM, q.marginTop * MM);
  if (q.format === 'ppm1')
    doc.save().dash(4, { space: 3 }).lineWidth(0.8).strokeColor('#888').rect(x, y, W, H).stroke().restore();
  else doc.save().lineWidth(0.8).strokeColor('#888').roundedRect(x, y, W, H, 14).stroke().restore();

  const pad = 14;
  const logo = await propertyLogo(ctx);
  let top = y + pad;
  if (logo) {
    try {
      doc.image(logo, x + pad, top, { fit: [90, 30] });
      top += 34;
    } catch {
      // an unreadable logo is left out
    }
  }
  doc
    .font(regular)
    .fontSize(9)
    .fillColor('#444')
    .text(ctx.property?.name ?? '', x + pad, top, { width: W - 120 });
  doc
    .font(bold)
    .fontSize(11)
    .fillColor('#111')
    .text(t(used, 'permits.print.title'), x + pad, doc.y + 2, { width: W - 120 });
  doc
    .font(bold)
    .fontSize(24)
    .text(permit.code, x + pad, doc.y + 6, { width: W - 110 });
  doc.font(regular).fontSize(10);
  if (plate) doc.text(plate, x + pad, doc.y + 4, { width: W - 120 });
  doc.text(typeName, x + pad, doc.y + 2, { width: W - 120 });
  doc.text(
    permit.expiresOn
      ? t(used, 'permits.print.validTo', {
          date: (await datesFor(ctx, { lang: used, document: true })).day(permit.expiresOn),
        })
      : t(used, 'permits.print.noEnd'),
    x + pad,
    doc.y + 2,
    { width: W - 120 },
  );
  const url = `${areaOrigin(ctx)}/permit/${encodeURIComponent(token)}`;
  const qr = await qrcode().toBuffer(url, { errorCorrectionLevel: 'M', margin: 1, width: 300 });
  const qrSize = 96;
  doc.image(qr, x + W - pad - qrSize, y + pad, { width: qrSize, height: qrSize });
  doc
    .font(regular)
    .fontSize(7)
    .fillColor('#444')
    .text(t(used, 'permits.print.scan'), x + W - pad - qrSize, y + pad + qrSize + 2, {
      width: qrSize,
      align: 'center',
    });
  return {
    body: await pdfBuffer(doc),
    contentType: 'application/pdf',
    disposition: contentDisposition(`permit-${permit.code}-${q.format}.pdf`, 'inline'),
  } satisfies FileAnswer;
}
