import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type PDFKit from 'pdfkit';
import { lazy } from './lazy';

const pdfkit = lazy<typeof PDFKit>('pdfkit');

/**
 * PDF documents (pdfkit). Latin text uses the built-in Helvetica; Chinese is written in Noto Sans SC, shipped with
 * the product as an npm package (`@expo-google-fonts/noto-sans-sc`, SIL Open Font License), so a Chinese reader
 * gets a Chinese document on any machine (docs/decisions/0012). pdfkit embeds only the glyphs a document uses. The
 * two weights are read once per process and kept: 10 MB each, parsed by pdfkit per document.
 */
const require = createRequire(import.meta.url);
const fontDir = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc'));
const CJK_FILES = {
  regular: path.join(fontDir, '400Regular/NotoSansSC_400Regular.ttf'),
  bold: path.join(fontDir, '700Bold/NotoSansSC_700Bold.ttf'),
};
let cjk: { regular: Buffer; bold: Buffer } | undefined;
function cjkFonts(): { regular: Buffer; bold: Buffer } {
  cjk ??= { regular: fs.readFileSync(CJK_FILES.regular), bold: fs.readFileSync(CJK_FILES.bold) };
  return cjk;
}

export type PdfDoc = InstanceType<typeof PDFKit>;

/** A new document whose fonts write `lang` (regular and bold: font names for `doc.font`). */
export function newPdf(
  lang: 'en' | 'es' | 'zh',
  options: ConstructorParameters<typeof PDFKit>[0] = {},
): { doc: PdfDoc; lang: 'en' | 'es' | 'zh'; bold: string; regular: string } {
  const PDFDocument = pdfkit();
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, ...options });
  if (lang === 'zh') {
    const fonts = cjkFonts();
    doc.registerFont('cjk', fonts.regular);
    doc.registerFont('cjk-bold', fonts.bold);
    doc.font('cjk');
    return { doc, lang, bold: 'cjk-bold', regular: 'cjk' };
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
