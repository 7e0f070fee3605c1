import { reportSeriesColour, type Language } from '@parkade/contract';
import { t } from '../../platform/i18n';
import { newPdf, pdfBuffer, type PdfDoc } from '../../platform/pdf';
import type { DocChart, DocPart, ReportDocument } from './document-parts';

const CHART_HEIGHT = 170;

/** Room left on the page below the cursor. */
const room = (doc: PdfDoc) => doc.page.height - doc.page.margins.bottom - doc.y;

/** A stacked bar chart: its axis with a few ticks, one bar per category, a legend below. */
function drawChart(doc: PdfDoc, chart: DocChart, font: string) {
  const left = doc.page.margins.left + 28;
  const width = doc.page.width - doc.page.margins.right - left;
  if (room(doc) < CHART_HEIGHT + 60) doc.addPage();
  const top = doc.y + 6;
  const bottom = top + CHART_HEIGHT;
  const totals = chart.categories.map((_, i) => chart.series.reduce((n, s) => n + (s.values[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const step = Math.max(1, Math.ceil(max / 4));
  const scale = CHART_HEIGHT / (step * Math.ceil(max / step));
  doc.font(font).fontSize(7).fillColor('#555');
  for (let v = 0; v * scale <= CHART_HEIGHT + 0.1; v += step) {
    const y = bottom - v * scale;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.3)
      .strokeColor('#ddd')
      .stroke();
    doc.text(String(v), doc.page.margins.left, y - 3, { width: 24, align: 'right', lineBreak: false });
  }
  const slot = width / Math.max(1, chart.categories.length);
  const bar = Math.max(1, slot * 0.7);
  chart.categories.forEach((_, i) => {
    let y = bottom;
    chart.series.forEach((s, k) => {
      const h = (s.values[i] ?? 0) * scale;
      if (h <= 0) return;
      y -= h;
      doc.rect(left + i * slot + (slot - bar) / 2, y, bar, h).fill(reportSeriesColour(k));
    });
  });
  // Category labels: as many as fit (about one per 60 points), the first and the last among them.
  const every = Math.max(1, Math.ceil((chart.categories.length * 60) / width));
  doc.fillColor('#555').fontSize(7);
  const last = chart.categories.length - 1;
  chart.categories.forEach((c, i) => {
    // The last is always labelled: a label too near it gives way.
    if (i !== last && (i % every !== 0 || last - i < every)) return;
    doc.text(c, left + i * slot + slot / 2 - 30, bottom + 3, {
      width: 60,
      align: 'center',
      lineBreak: false,
    });
  });
  doc
    .moveTo(left, bottom)
    .lineTo(left + width, bottom)
    .lineWidth(0.6)
    .strokeColor('#888')
    .stroke();
  // The legend.
  let x = left;
  let y = bottom + 16;
  doc.fontSize(8).fillColor('#222');
  chart.series.forEach((s, k) => {
    const w = doc.widthOfString(s.label) + 22;
    if (x + w > left + width) {
      x = left;
      y += 12;
    }
    doc.rect(x, y + 1, 8, 8).fill(reportSeriesColour(k));
    doc.fillColor('#222').text(s.label, x + 11, y, { lineBreak: false });
    x += w;
  });
  doc.x = doc.page.margins.left;
  doc.y = y + 18;
}

/** A table: a bold header row, then the rows, numbers right-aligned; it goes on to the next page when it must. */
function drawTable(doc: PdfDoc, part: DocPart, regular: string, bold: string) {
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.right - left;
  const columns = part.summary.head.length;
  const first = Math.min(width * 0.4, Math.max(width / columns, 140));
  const rest = columns > 1 ? (width - first) / (columns - 1) : 0;
  const widths = part.summary.head.map((_, i) => (i === 0 ? first : rest));
  const row = (cells: (string | number | null)[], font: string) => {
    doc.font(font).fontSize(8);
    const height =
      Math.max(
        ...cells.map((c, i) => doc.heightOfString(c === null ? '—' : String(c), { width: widths[i]! - 6 })),
      ) + 5;
    if (room(doc) < height) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((c, i) => {
      doc.fillColor('#111').text(c === null ? '—' : String(c), x + 3, y + 2, {
        width: widths[i]! - 6,
        align: i === 0 ? 'left' : 'right',
      });
      x += widths[i]!;
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .lineWidth(0.3)
      .strokeColor('#ccc')
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };
  row(part.summary.head, bold);
  for (const cells of part.summary.rows) row(cells, regular);
  doc.moveDown(1);
}

/** The report as a PDF in the reader's language: its title and what it covers, then each part's chart and table. */
export async function reportPdf(lang: Language, report: ReportDocument): Promise<Buffer> {
  const { doc, regular, bold } = newPdf(lang);
  doc.font(bold).fontSize(18).fillColor('#111').text(report.title);
  doc.moveDown(0.3);
  doc.font(regular).fontSize(9).fillColor('#444');
  for (const [k, v] of report.about) doc.text(`${k}: ${v}`);
  doc.moveDown(0.8);
  for (const part of report.parts) {
    // A title never ends a page: it starts one with its chart when both do not fit.
    const charted = part.chart !== undefined && part.chart.series.length > 0;
    if (room(doc) < (charted ? CHART_HEIGHT + 110 : 80)) doc.addPage();
    doc.font(bold).fontSize(12).fillColor('#111').text(part.title);
    if (charted) drawChart(doc, part.chart!, regular);
    if (part.summary.rows.length === 0)
      doc.font(regular).fontSize(9).fillColor('#555').text(t(lang, 'reports.empty')).moveDown(1);
    else drawTable(doc, part, regular, bold);
  }
  return pdfBuffer(doc);
}
