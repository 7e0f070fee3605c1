import {
  renderTemplate,
  type DocBlock,
  type DocContent,
  type DocInline,
  type DocumentLayout,
  type DocumentText,
  type Language,
} from '@parkade/contract';
import { t } from '../../platform/i18n';
import { newPdf, pdfBuffer, type PdfDoc } from '../../platform/pdf';
import { opaqueImage } from './images';
import type { DocValues } from './values';

/**
 * A document as a PDF (decision 0042), drawn with pdfkit from the safe rich text: the same inputs give the same
 * bytes (the creation date is an input, pdfkit derives the file id from it, and nothing else varies), which is what
 * lets the preview be the download and a signed agreement be drawn again years later with the hash it was signed
 * with. Letterhead style: the logo and the header open page 1; the footer and "page n of N" close every page.
 */
export interface DrawInput {
  lang: Language;
  text: DocumentText;
  layout: DocumentLayout;
  values: DocValues;
  logo: Buffer | null;
  /** Where a signed kind draws its signature block; null for a kind nobody signs. */
  signature: SignatureBlock | null;
  createdAt: Date;
  title: string;
}

export interface SignatureBlock {
  /** The drawn signature (PNG), when signed. */
  image: Buffer | null;
  /** "Signed on …" or "Not signed yet", in the reader's language. */
  line: string;
  /** Who: name and address. */
  who: string;
}

const MM = 72 / 25.4;
const PAPER = { letter: 'LETTER', a4: 'A4', legal: 'LEGAL' } as const;
const SIGNATURE = /^\s*\{\{\s*signature\s*\}\}\s*$/;
const BODY_SIZE = 11;
const HEADING_SIZES = { 1: 20, 2: 15, 3: 12.5 } as const;
const FOOTER_SIZE = 9;
const INDENT = 18;

interface Fonts {
  regular: string;
  bold: string;
  italic: string;
  boldItalic: string;
}

interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
}

class Drawer {
  constructor(
    private readonly doc: PdfDoc,
    private readonly fonts: Fonts,
    private readonly values: DocValues,
    private readonly signature: SignatureBlock | null,
  ) {}

  private font(r: { bold: boolean; italic: boolean }) {
    const f = this.fonts;
    return r.bold ? (r.italic ? f.boldItalic : f.bold) : r.italic ? f.italic : f.regular;
  }

  /** Inline content as runs, each variable written with its value (a value is never read as a template again). */
  runs(content: DocInline[] | undefined, bold = false): Run[] {
    const out: Run[] = [];
    for (const n of content ?? []) {
      if (n.type === 'hardBreak') {
        out.push({ text: '\n', bold, italic: false, underline: false });
        continue;
      }
      const marks = new Set((n.marks ?? []).map((m) => m.type));
      out.push({
        text: renderTemplate(n.text, { ...this.values, signature: '' }),
        bold: bold || marks.has('bold'),
        italic: marks.has('italic'),
        underline: marks.has('underline'),
      });
    }
    return out.filter((r) => r.text);
  }

  /** One paragraph of runs at x, width wide. */
  private paragraph(runs: Run[], x: number, width: number, size: number, align: string, gap: number) {
    const doc = this.doc;
    doc.fontSize(size).fillColor('#111');
    if (!runs.length) {
      doc.font(this.fonts.regular).text(' ', x, doc.y, { width });
    } else {
      runs.forEach((r, i) => {
        doc.font(this.font(r));
        const opts = {
          width,
          align: align as 'left',
          lineGap: 2,
          underline: r.underline,
          continued: i < runs.length - 1,
        };
        if (i === 0) doc.text(r.text, x, doc.y, opts);
        else doc.text(r.text, opts);
      });
    }
    doc.y += gap;
  }

  blocks(blocks: DocBlock[], x: number, width: number, size = BODY_SIZE) {
    for (const b of blocks) this.block(b, x, width, size);
  }

  private block(b: DocBlock, x: number, width: number, size: number) {
    const doc = this.doc;
    switch (b.type) {
      case 'paragraph': {
        const text = (b.content ?? []).map((n) => (n.type === 'text' ? n.text : '')).join('');
        if (this.signature && SIGNATURE.test(text)) return this.signatureBlock(x);
        return this.paragraph(
          this.runs(b.content),
          x,
          width,
          size,
          b.attrs?.textAlign ?? 'left',
          size * 0.55,
        );
      }
      case 'heading': {
        doc.y += b.attrs.level === 1 ? 2 : 6;
        return this.paragraph(
          this.runs(b.content, true),
          x,
          width,
          HEADING_SIZES[b.attrs.level],
          b.attrs.textAlign ?? 'left',
          6,
        );
      }
      case 'bulletList':
      case 'orderedList': {
        const start = b.type === 'orderedList' ? (b.attrs?.start ?? 1) : 1;
        b.content.forEach((item, i) => {
          const marker = b.type === 'bulletList' ? '•' : `${start + i}.`;
          doc.font(this.fonts.regular).fontSize(size).fillColor('#111');
          // An item whose first line does not fit starts the next page: pdfkit would move the marker alone, and
          // the item's text, drawn at the marker's old height, would then start yet another page.
          if (doc.y + doc.currentLineHeight(true) > doc.page.height - doc.page.margins.bottom) doc.addPage();
          const y = doc.y;
          doc.text(marker, x, y, { width: INDENT - 4, align: 'right', lineBreak: false });
          doc.y = y;
          this.blocks(item.content, x + INDENT + 2, width - INDENT - 2, size);
        });
        doc.y += 2;
        return;
      }
      case 'table':
        return this.table(b, x, width);
      case 'pageBreak':
        doc.addPage();
        return;
    }
  }

  private table(b: Extract<DocBlock, { type: 'table' }>, x: number, width: number) {
    const doc = this.doc;
    const columns = Math.max(...b.content.map((r) => r.content.length));
    const w = width / columns;
    const pad = 4;
    const size = BODY_SIZE - 1;
    for (const row of b.content) {
      // A row that would not fit starts the next page (a row taller than a page is drawn across it as it falls).
      const estimate = Math.max(
        ...row.content.map((c) =>
          doc
            .font(c.type === 'tableHeader' ? this.fonts.bold : this.fonts.regular)
            .fontSize(size)
            .heightOfString(
              c.content
                .map((blk) => (blk.type === 'paragraph' || blk.type === 'heading' ? plain(blk.content) : ''))
                .join('\n') || ' ',
              { width: w - 2 * pad, lineGap: 2 },
            ),
        ),
      );
      if (doc.y + estimate + 2 * pad > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const top = doc.y;
      const startPage = pageIndex(doc);
      let bottom = top;
      row.content.forEach((c, i) => {
        doc.y = top + pad;
        const blocks =
          c.type === 'tableHeader'
            ? c.content.map((blk) =>
                blk.type === 'paragraph'
                  ? {
                      ...blk,
                      content: blk.content?.map((n) =>
                        n.type === 'text'
                          ? { ...n, marks: [...(n.marks ?? []), { type: 'bold' as const }] }
                          : n,
                      ),
                    }
                  : blk,
              )
            : c.content;
        this.blocks(blocks, x + i * w + pad, w - 2 * pad, size);
        bottom = Math.max(bottom, doc.y - size * 0.55 + pad);
      });
      if (pageIndex(doc) === startPage) {
        doc.lineWidth(0.6).strokeColor('#999');
        for (let i = 0; i < columns; i++) doc.rect(x + i * w, top, w, bottom - top).stroke();
      }
      doc.y = bottom;
      doc.x = x;
    }
    doc.y += 8;
  }

  private signatureBlock(x: number) {
    const doc = this.doc;
    const s = this.signature!;
    doc.y += 12;
    if (s.image) {
      try {
        doc.image(opaqueImage(s.image), x, doc.y, { fit: [220, 80] });
        doc.y += 84;
      } catch {
        // an unreadable signature image is left out; the line below still says it was signed
      }
    }
    doc.font(this.fonts.regular).fontSize(BODY_SIZE).fillColor('#111');
    doc.text(s.line, x, doc.y);
    doc.text(s.who, x);
    doc.y += 8;
  }

  hasSignaturePlace(blocks: DocBlock[]): boolean {
    return blocks.some(
      (b) =>
        (b.type === 'paragraph' && SIGNATURE.test(plain(b.content))) ||
        ((b.type === 'bulletList' || b.type === 'orderedList') &&
          b.content.some((i) => this.hasSignaturePlace(i.content))),
    );
  }

  signatureAtEnd(x: number) {
    this.signatureBlock(x);
  }
}

const plain = (content: DocInline[] | undefined) =>
  (content ?? []).map((n) => (n.type === 'text' ? n.text : '\n')).join('');

function pageIndex(doc: PdfDoc): number {
  const range = doc.bufferedPageRange();
  return range.start + range.count - 1;
}

/** The footer's lines as plain text, its variables written (measured before the body, drawn after it). */
function footerText(footer: DocContent, values: DocValues): string {
  return footer.content
    .map((b) => (b.type === 'paragraph' || b.type === 'heading' ? plain(b.content) : ''))
    .map((s) => renderTemplate(s, values).trim())
    .filter(Boolean)
    .join('\n');
}

export async function drawDocument(input: DrawInput): Promise<Buffer> {
  const m = input.layout.margins;
  const margins = { top: m.top * MM, right: m.right * MM, bottom: m.bottom * MM, left: m.left * MM };
  const { doc, regular, bold } = newPdf(input.lang, {
    size: PAPER[input.layout.paper],
    margins,
    bufferPages: true,
    info: { Title: input.title, CreationDate: input.createdAt, Producer: 'Parkade', Creator: 'Parkade' },
  });
  const latin = regular === 'Helvetica';
  const fonts: Fonts = {
    regular,
    bold,
    italic: latin ? 'Helvetica-Oblique' : regular,
    boldItalic: latin ? 'Helvetica-BoldOblique' : bold,
  };
  const width = doc.page.width - margins.left - margins.right;
  const footer = footerText(input.text.footer, input.values);
  doc.font(regular).fontSize(FOOTER_SIZE);
  const footerHeight = doc.heightOfString(`${footer}\n1`, { width, lineGap: 1 });
  // The body stops above the footer: every page's bottom margin holds it.
  doc.page.margins.bottom = margins.bottom + footerHeight + 10;
  doc.on('pageAdded', () => {
    doc.page.margins.bottom = margins.bottom + footerHeight + 10;
  });

  const draw = new Drawer(doc, fonts, input.values, input.signature);
  if (input.logo && input.layout.logo !== 'none') {
    const box = [150, 54] as const;
    const x =
      input.layout.logo === 'left'
        ? margins.left
        : input.layout.logo === 'right'
          ? doc.page.width - margins.right - box[0]
          : (doc.page.width - box[0]) / 2;
    try {
      const align = input.layout.logo === 'left' ? undefined : input.layout.logo;
      doc.image(opaqueImage(input.logo), x, doc.y, { fit: [...box], align });
      doc.y += box[1] + 10;
    } catch {
      // a logo pdfkit cannot read is left out
    }
  }
  draw.blocks(input.text.header.content, margins.left, width);
  doc.y += 6;
  draw.blocks(input.text.body.content, margins.left, width);
  if (input.signature && !draw.hasSignaturePlace(input.text.body.content)) draw.signatureAtEnd(margins.left);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Drawn inside the bottom margin: lifting the margin keeps pdfkit from starting a new page for it.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - margins.bottom - footerHeight;
    doc.font(regular).fontSize(FOOTER_SIZE).fillColor('#666');
    if (footer) doc.text(footer, margins.left, y, { width, lineGap: 1 });
    const numberY = footer ? y + doc.heightOfString(footer, { width, lineGap: 1 }) : y;
    doc.text(t(input.lang, 'documents.pageOf', { page: i + 1, pages: range.count }), margins.left, numberY, {
      width,
      align: 'right',
      lineBreak: false,
    });
  }
  return pdfBuffer(doc);
}
