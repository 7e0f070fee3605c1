import { idParams, visitorLinkSentSchema, visitorPosterSchema } from '@parkade/contract';
import type QRCodeLib from 'qrcode';
import type { FileAnswer } from '../../platform/file-answer';
import { defineRoute, sendFile } from '../../platform/http';
import { t } from '../../platform/i18n';
import { lazy } from '../../platform/lazy';
import { newPdf, pdfBuffer } from '../../platform/pdf';
import type { Scope } from '../../platform/scope';
import { contentDisposition } from '../files/service';
import { propertyLogo } from '../residents/documents';
import { propertySettingsOf } from '../residents/service';
import { currentPoster, sendPersonalLink } from './links';
import { myVisitorId } from './mine';

const qrcode = lazy<typeof QRCodeLib>('qrcode');

/**
 * The property's visitor registration poster (Letter, to print and put up at the entrance): the property's logo
 * and name, "Visiting someone? Register your car", a large QR code to the poster's link, the link written out for
 * those who type it, and the three steps, in the page's language.
 */
export async function visitorPosterPdf(ctx: Scope): Promise<FileAnswer> {
  const poster = await currentPoster(ctx);
  const { doc, bold, regular, lang } = newPdf(ctx.lang);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const logo = await propertyLogo(ctx);
  if (logo) {
    try {
      doc.image(logo, { fit: [200, 70], align: 'center' });
      doc.moveDown(0.5);
    } catch {
      // an unreadable logo is left out
    }
  }
  doc
    .font(regular)
    .fontSize(18)
    .fillColor('#444')
    .text(ctx.property?.name ?? '', { align: 'center' });
  doc.moveDown(0.3);
  doc.font(bold).fontSize(34).fillColor('#111').text(t(lang, 'visitors.poster.title'), { align: 'center' });
  doc.moveDown(0.2);
  doc.font(regular).fontSize(16).fillColor('#333').text(t(lang, 'visitors.poster.lead'), { align: 'center' });
  const qr = await qrcode().toBuffer(poster.url, { errorCorrectionLevel: 'M', margin: 1, width: 600 });
  const size = 260;
  doc.moveDown(1);
  const top = doc.y;
  doc.image(qr, doc.page.margins.left + (width - size) / 2, top, { width: size, height: size });
  doc.y = top + size + 12;
  doc.font(regular).fontSize(11).fillColor('#444').text(poster.url, { align: 'center' });
  doc.moveDown(1);
  const settings = (await propertySettingsOf(ctx)).visitorPermits;
  const steps = [
    t(lang, 'visitors.poster.step1'),
    t(lang, 'visitors.poster.step2'),
    t(lang, `visitors.poster.step3.${settings.posterApproval}`),
  ];
  doc.font(regular).fontSize(15).fillColor('#111');
  steps.forEach((s, i) => doc.text(`${i + 1}.  ${s}`, { width }).moveDown(0.3));
  const phone = (await propertySettingsOf(ctx)).other.contactPhone;
  if (phone) {
    doc.moveDown(0.6);
    doc
      .font(bold)
      .fontSize(15)
      .text(t(lang, 'visitors.poster.noPhone', { phone }), { width });
  }
  return {
    body: await pdfBuffer(doc),
    contentType: 'application/pdf',
    disposition: contentDisposition('visitor-registration-poster.pdf', 'inline'),
  };
}

const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags: ['visitors'] };

export const visitorLinkRoutes = [
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/visitors/:id/link',
    access: 'visitors.edit',
    summary:
      'A personal registration link for a visitor registered without a plate (single use, 7 days; earlier ones ' +
      'stop working): answers the link and an SMS-ready text, and emails it when the visitor has an email',
    schema: { params: idParams, response: { 200: visitorLinkSentSchema } },
    handler: (ctx, { params }) => sendPersonalLink(ctx, params.id),
  }),
  defineRoute({
    areas: ['tenant'] as const,
    tags: ['visitors'],
    access: 'resident' as const,
    method: 'POST',
    url: '/my/visitors/:id/link',
    summary: "The same for one of the signed-in resident's visitors (another resident's visitor → 404)",
    schema: { params: idParams, response: { 200: visitorLinkSentSchema } },
    handler: async (ctx, { params }) => sendPersonalLink(ctx, await myVisitorId(ctx, params.id)),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/visitor-poster',
    access: 'visitors.create',
    summary: "The property's registration poster link (made on first use; valid 365 days)",
    schema: { response: { 200: visitorPosterSchema } },
    handler: (ctx) => currentPoster(ctx),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/visitor-poster/poster.pdf',
    access: 'visitors.create',
    rateLimit: 'document',
    summary:
      "The registration poster to print (PDF): the property's logo, a QR code to its link and the steps",
    handler: async (ctx) => sendFile(ctx.reply, await visitorPosterPdf(ctx)),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/visitor-poster/renew',
    access: 'visitors.edit',
    summary:
      'Retires the poster link (a poster taken down, a link passed around) and makes a new one: print it again',
    schema: { response: { 200: visitorPosterSchema } },
    handler: (ctx) => currentPoster(ctx, true),
  }),
];
