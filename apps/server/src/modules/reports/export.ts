import type { ReportName } from '@parkade/contract';
import type { FileAnswer } from '../../platform/file-answer';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { exportSheets } from '../../platform/xlsx';
import { contentDisposition } from '../files/service';
import { reportDocument } from './document';
import type { ReportDocument } from './document-parts';
import { reportPdf } from './pdf';
import type { ReportFilters } from './service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The .xlsx: a first sheet saying what the figures are, then a sheet per part with every figure. */
function reportXlsx(lang: Scope['lang'], doc: ReportDocument): Promise<Buffer> {
  return exportSheets([
    {
      sheet: t(lang, 'reports.aboutSheet'),
      columns: [
        { key: 'k', header: t(lang, 'reports.title'), width: 22 },
        { key: 'v', header: doc.title, width: 48 },
      ],
      rows: doc.about.map(([k, v]) => ({ k, v })),
    },
    ...doc.parts.map((p) => ({ sheet: p.title, columns: p.columns, rows: p.rows })),
  ]);
}

/**
 * GET /reports/{name}/export: the report in the reader's language, as .xlsx (every figure) or PDF (each chart with
 * its table).
 */
export async function exportReport(
  ctx: Scope,
  name: ReportName,
  filters: ReportFilters & { format: 'xlsx' | 'pdf' },
): Promise<FileAnswer> {
  const doc = await reportDocument(ctx, name, filters);
  if (filters.format === 'pdf')
    return {
      body: await reportPdf(ctx.lang, doc),
      contentType: 'application/pdf',
      disposition: contentDisposition(`${name}-${doc.span}.pdf`, 'attachment'),
    };
  return {
    body: await reportXlsx(ctx.lang, doc),
    contentType: XLSX,
    disposition: contentDisposition(`${name}-${doc.span}.xlsx`, 'attachment'),
  };
}
