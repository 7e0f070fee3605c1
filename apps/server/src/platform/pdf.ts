import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type PDFKit from 'pdfkit';
import { lazy } from './lazy';

const pdfkit = lazy<typeof PDFKit>('pdfkit');

/**
 * PDF documents (pdfkit). Latin text uses the built-in Helvetica; Chinese needs a CJK font, taken from the
 * system (Debian's fonts-noto-cjk) when present. Without one, Chinese documents are written in English rather
 * than as empty boxes (docs/decisions/0012).
 */
const CJK_FONTS = [
  process.env.PARKADE_CJK_FONT,
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto-cjk/NotoSansCJK-Regular.ttc',
].filter((f): f is string => !!f);
let cjk: string | null | undefined;
export function cjkFont(): string | null {
  if (cjk === undefined) cjk = CJK_FONTS.find((f) => fs.existsSync(f)) ?? null;
  return cjk;
}

export type PdfDoc = InstanceType<typeof PDFKit>;

/** A new document whose body font can write `lang`; returns the language actually used. */
export function newPdf(
  lang: 'en' | 'es' | 'zh',
  options: ConstructorParameters<typeof PDFKit>[0] = {},
): { doc: PdfDoc; lang: 'en' | 'es' | 'zh'; bold: string; regular: string } {
  const PDFDocument = pdfkit();
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, ...options });
  if (lang === 'zh') {
    const font = cjkFont();
    if (font) {
      doc.registerFont('cjk', font, 'NotoSansCJKsc-Regular');
      doc.font('cjk');
      return { doc, lang, bold: 'cjk', regular: 'cjk' };
    }
    lang = 'en';
  }
  doc.font('Helvetica');
  return { doc, lang, bold: 'Helvetica-Bold', regular: 'Helvetica' };
}

/** Ends the document and collects its bytes. */
export function pdfBuffer(doc: PdfDoc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
