/**
 * Issue 37 §1: a document PDF of 3 pages with logo, p50 ≤ 50 ms. Measured in this process, no database: the
 * product's renderer (drawDocument, decision 0042) on a signed permit agreement filling exactly 3 Letter pages, in
 * English (Helvetica) and in Chinese (Noto Sans SC), beside the floor: bare pdfkit writing the same text as plain
 * lines on the same 3 pages, in the same fonts, with the same logo and signature images (made opaque, as the renderer
 * draws them), and no layout logic.
 *
 *   BENCH_DOCUMENT_RUNS (200) runs per figure, after a warm-up (the first document loads pdfkit and the fonts).
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { renderTemplate } from '@parkade/contract';
import { opaqueImage } from '../apps/server/src/modules/documents/images';
import { plainText } from '../apps/server/src/modules/documents/output';
import { drawDocument, type DrawInput } from '../apps/server/src/modules/documents/pdf';
import { newPdf, pdfBuffer } from '../apps/server/src/platform/pdf';
import { agreementInput, pageCount } from './documents-input';

const RUNS = Number(process.env.BENCH_DOCUMENT_RUNS ?? 200);
const WARM_UP = 10;
export const DOCUMENT_PAGES = 3;
export const DOCUMENT_P50_TARGET_MS = 50;
const MM = 72 / 25.4;

export interface Timed {
  p50: number;
  p95: number;
  pages: number;
  kb: number;
  /** How many different outputs the runs wrote (1: the same bytes every time). */
  variants: number;
}

export interface DocumentFigures {
  runs: number;
  en: LanguageFigures;
  zh: LanguageFigures;
}

interface LanguageFigures {
  draw: Timed;
  /** The same document without the logo and the signature image (what the two PNGs cost). */
  noImages: Timed;
  bare: Timed;
  /** The first document of the language in this process (English loads pdfkit; Chinese reads the two fonts). */
  coldMs: number;
  fillers: number;
}

/** The largest number of further paragraphs that keeps the agreement on `pages` pages (so the last one is full). */
async function fill(lang: 'en' | 'zh', pages: number): Promise<number> {
  const count = async (k: number) => pageCount(await drawDocument(agreementInput(lang, k)));
  let k = 0;
  while ((await count(k + 8)) <= pages) k += 8;
  while ((await count(k + 1)) <= pages) k += 1;
  return k;
}

/**
 * The floor: pdfkit alone, the same fonts (regular and bold, through newPdf as the renderer gets them), the same
 * paper and margins, the logo, the title, the document's text as plain lines split over the pages, the signature.
 */
function bare(input: DrawInput, pages: number): () => Promise<Buffer> {
  const text = renderTemplate(
    [plainText(input.text.header), plainText(input.text.body), plainText(input.text.footer)].join('\n'),
    { ...input.values, signature: '' },
  );
  const lines = text.split('\n');
  const per = Math.ceil(text.length / pages);
  const parts: string[] = [];
  let part: string[] = [];
  for (const l of lines) {
    part.push(l);
    if (part.join('\n').length >= per) {
      parts.push(part.join('\n'));
      part = [];
    }
  }
  if (part.length) parts.push(part.join('\n'));
  const m = input.layout.margins;
  const margins = { top: m.top * MM, right: m.right * MM, bottom: m.bottom * MM, left: m.left * MM };
  return () => {
    const { doc, regular, bold } = newPdf(input.lang, {
      size: 'LETTER',
      margins,
      info: { Title: input.title, CreationDate: input.createdAt, Producer: 'Parkade', Creator: 'Parkade' },
    });
    const width = doc.page.width - margins.left - margins.right;
    doc.image(opaqueImage(input.logo!), margins.left, margins.top, { fit: [150, 54] });
    doc.y += 64;
    doc.font(bold).fontSize(20).text(input.title, margins.left, doc.y, { width });
    parts.forEach((p, i) => {
      if (i) doc.addPage();
      doc.font(regular).fontSize(11).text(p, margins.left, doc.y, { width, lineGap: 2 });
    });
    doc.image(opaqueImage(input.signature!.image!), margins.left, doc.y + 12, { fit: [220, 80] });
    return pdfBuffer(doc);
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function timed(make: () => Promise<Buffer>): Promise<Timed> {
  for (let i = 0; i < WARM_UP; i++) await make();
  const times: number[] = [];
  const hashes = new Set<string>();
  let last: Buffer | undefined;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    last = await make();
    times.push(performance.now() - t0);
    hashes.add(createHash('sha256').update(last).digest('hex'));
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    pages: last ? pageCount(last) : 0,
    kb: (last?.length ?? 0) / 1024,
    variants: hashes.size,
  };
}

/** The figures of the document bench (about a minute: the Chinese documents are the slow part). */
export async function benchDocuments(): Promise<DocumentFigures> {
  const out = {} as DocumentFigures;
  out.runs = RUNS;
  for (const lang of ['en', 'zh'] as const) {
    const t0 = performance.now();
    await drawDocument(agreementInput(lang, 0));
    const coldMs = performance.now() - t0;
    const fillers = await fill(lang, DOCUMENT_PAGES);
    const input = agreementInput(lang, fillers);
    const draw = await timed(() => drawDocument(input));
    const noImages = await timed(() =>
      drawDocument({ ...input, logo: null, signature: { ...input.signature!, image: null } }),
    );
    out[lang] = { draw, noImages, bare: await timed(bare(input, DOCUMENT_PAGES)), coldMs, fillers };
    console.log(`  document PDF (${lang}): done`);
  }
  return out;
}
