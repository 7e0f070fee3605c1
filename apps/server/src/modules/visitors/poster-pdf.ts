import { LANGUAGES, type Language, type PosterApproval } from '@parkade/contract';
import type QRCodeLib from 'qrcode';
import type { FileAnswer } from '../../platform/file-answer';
import { t } from '../../platform/i18n';
import { lazy } from '../../platform/lazy';
import { newPdf, pdfBuffer, type PdfDoc } from '../../platform/pdf';
import type { Scope } from '../../platform/scope';
import { contentDisposition } from '../files/service';
import { propertyLogo } from '../properties/logo';
import { propertySettingsOf } from '../residents/service';
import { currentPoster } from './links';

const qrcode = lazy<typeof QRCodeLib>('qrcode');

/*
 * The property's visitor registration poster (decision 0023; languages: decision 0039 §15): one Letter page to put
 * up at the car park's entrance, in every language the property offers. One large QR code serves every language
 * (a driver scans one code, and the form then speaks the phone's language); each language has its own headline
 * and line, stacked above the code, and its own steps, side by side below it.
 */

/** The languages a poster speaks: the property's (those the product ships, in the property's order), else the page's. */
export function posterLanguages(ctx: Scope): Language[] {
  const offered = (ctx.property?.languages ?? []).filter((l): l is Language =>
    (LANGUAGES as readonly string[]).includes(l),
  );
  return offered.length ? [...new Set(offered)] : [ctx.lang];
}

interface Words {
  lang: Language;
  title: string;
  lead: string;
  steps: string[];
  phone: string | null;
}

function wordsOf(lang: Language, approval: PosterApproval, phone: string | null): Words {
  return {
    lang,
    title: t(lang, 'visitors.poster.title'),
    lead: t(lang, 'visitors.poster.lead'),
    steps: [
      t(lang, 'visitors.poster.step1'),
      t(lang, 'visitors.poster.step2'),
      t(lang, `visitors.poster.step3.${approval}`),
    ],
    phone: phone ? t(lang, 'visitors.poster.noPhone', { phone }) : null,
  };
}

/** Sizes for one language and for several, at `scale` (the largest the page holds, see visitorPosterPdf). */
function sizesFor(n: number, scale: number) {
  const one = n === 1;
  return {
    name: 18 * scale,
    title: (one ? 34 : n === 2 ? 26 : 22) * scale,
    lead: (one ? 16 : 12.5) * scale,
    qr: Math.max(150, (one ? 260 : 210) * scale),
    url: 10.5,
    step: (one ? 15 : n === 2 ? 11.5 : 10) * scale,
  };
}

const LOGO = { width: 200, height: 64 };
const GAP = 10;

/**
 * Lays the poster out from the top: measures only (`draw` false) or draws. Returns the height used, so the caller
 * can shrink the type until one page holds every language.
 */
function layout(
  doc: PdfDoc,
  words: Words[],
  page: { name: string; url: string; logo: Buffer | null; qr: Buffer; latin: boolean },
  scale: number,
  draw: boolean,
): number {
  const s = sizesFor(words.length, scale);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const fonts = (lang: Language) =>
    lang === 'zh' ? { regular: 'cjk', bold: 'cjk-bold' } : { regular: 'Helvetica', bold: 'Helvetica-Bold' };
  // The name and the link are in the page's Latin font, or in the Chinese one (which holds Latin) when present.
  const shared = page.latin ? fonts('en') : fonts('zh');
  let y = doc.page.margins.top;
  const text = (
    str: string,
    font: string,
    size: number,
    color: string,
    box: { x: number; width: number; align: 'center' | 'left' },
  ) => {
    doc.font(font).fontSize(size);
    const h = doc.heightOfString(str, { width: box.width, align: box.align });
    if (draw) doc.fillColor(color).text(str, box.x, y, { width: box.width, align: box.align });
    return h;
  };
  const full = { x: left, width, align: 'center' as const };

  if (page.logo) {
    if (draw)
      try {
        doc.image(page.logo, left + (width - LOGO.width) / 2, y, {
          fit: [LOGO.width, LOGO.height],
          align: 'center',
        });
      } catch {
        // an unreadable logo is left out
      }
    y += LOGO.height + GAP / 2;
  }
  y += text(page.name, shared.regular, s.name, '#444', full) + GAP;
  for (const w of words) {
    y += text(w.title, fonts(w.lang).bold, s.title, '#111', full) + 2;
    y += text(w.lead, fonts(w.lang).regular, s.lead, '#333', full) + GAP * 0.8;
  }
  y += GAP;
  if (draw) doc.image(page.qr, left + (width - s.qr) / 2, y, { width: s.qr, height: s.qr });
  y += s.qr + 6;
  y += text(page.url, shared.regular, s.url, '#444', full) + GAP * 1.5;

  // The steps: one column per language, side by side.
  const gutter = 18;
  const colWidth = (width - gutter * (words.length - 1)) / words.length;
  const top = y;
  let tallest = 0;
  words.forEach((w, i) => {
    const box = { x: left + i * (colWidth + gutter), width: colWidth, align: 'left' as const };
    y = top;
    w.steps.forEach((step, k) => {
      y += text(`${k + 1}.  ${step}`, fonts(w.lang).regular, s.step, '#111', box) + s.step * 0.4;
    });
    if (w.phone) y += s.step * 0.4 + text(w.phone, fonts(w.lang).bold, s.step, '#111', box);
    tallest = Math.max(tallest, y - top);
  });
  return top + tallest - doc.page.margins.top;
}

/**
 * GET /visitor-poster/poster.pdf: the poster to print — the property's logo and name, "Visiting someone? Register
 * your car" and its line in each language the property offers, a large QR code to the poster's link, the link
 * written out for those who type it, and the three steps (and the office's phone) in each language. The type is
 * as large as the one page holds (the QR code never below 150 pt, 5.3 cm).
 */
export async function visitorPosterPdf(ctx: Scope): Promise<FileAnswer> {
  const poster = await currentPoster(ctx);
  const langs = posterLanguages(ctx);
  const settings = await propertySettingsOf(ctx);
  const words = langs.map((l) =>
    wordsOf(l, settings.visitorPermits.posterApproval, settings.other.contactPhone),
  );
  const latin = !langs.includes('zh');
  const { doc } = newPdf(latin ? langs[0]! : 'zh');
  const page = {
    name: ctx.property?.name ?? '',
    url: poster.url,
    logo: await propertyLogo(ctx),
    qr: await qrcode().toBuffer(poster.url, { errorCorrectionLevel: 'M', margin: 1, width: 600 }),
    latin,
  };
  const room = doc.page.height - doc.page.margins.top - doc.page.margins.bottom;
  // As large as the page holds: a driver reads it from the car.
  let scale = 1.25;
  while (scale > 0.6 && layout(doc, words, page, scale, false) > room) scale -= 0.05;
  layout(doc, words, page, scale, true);
  return {
    body: await pdfBuffer(doc),
    contentType: 'application/pdf',
    disposition: contentDisposition('visitor-registration-poster.pdf', 'inline'),
  };
}
