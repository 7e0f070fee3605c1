import ExcelJS from 'exceljs';
import {
  createCentralUser,
  createTestContext,
  formPayload,
  headers,
  login,
  type TestContext,
} from './harness';

/** A central test file's app, signed in as a central admin (every permission), for the translations upload. */
export interface CentralTranslations {
  ctx: TestContext;
  token: string;
}

export async function centralTranslations(): Promise<CentralTranslations> {
  const ctx = await createTestContext();
  const token = await login(ctx, await createCentralUser(ctx.database, 'admin'));
  return { ctx, token };
}

/** An .xlsx whose first sheet holds these rows (row 1 first). */
export async function sheet(rows: (string | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Translations');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The first sheet's rows as text (cells past the last filled one left out). */
export async function readBack(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0]!.eachRow({ includeEmpty: false }, (row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    out.push(Array.from(values, (v) => (v === null || v === undefined ? '' : String(v as string))));
  });
  return out;
}

/** POSTs the file (field `file`) and the text fields to a central path. */
export async function postFile(
  s: CentralTranslations,
  url: string,
  file: Buffer,
  fields: Record<string, string> = {},
  lang?: string,
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', new Blob([new Uint8Array(file)]), 'translations.xlsx');
  const { payload, contentType } = await formPayload(fd);
  return s.ctx.app.inject({
    method: 'POST',
    url: `/api/central${url}`,
    headers: { ...headers({ token: s.token, lang }), 'content-type': contentType },
    payload,
  });
}
