import zlib from 'node:zlib';
import {
  SPREADSHEET_MAX_ENTRIES,
  SPREADSHEET_MAX_RATIO,
  SPREADSHEET_MAX_UNCOMPRESSED_BYTES,
  type Language,
} from '@parkade/contract';
import type ExcelJSLib from 'exceljs';
import type { FieldMessage } from './errors';
import { lazy } from './lazy';
import { formatBytes, t } from './i18n';

const exceljs = lazy<typeof ExcelJSLib>('exceljs');

/**
 * Spreadsheets (.xlsx, a zip) are read in two steps (decision 0013):
 *
 * 1. `checkXlsx` reads the archive as a whole before any parser sees it: the end record, the central directory and
 *    every local entry. The local entries must be exactly the directory's — same names, sizes and offsets, one after
 *    another from the first byte to the directory, nothing hidden between them (a streaming reader would inflate a
 *    hidden entry). Every entry is inflated under a hard cap on the total and its CRC checked. The answer is a new,
 *    equivalent archive whose entries are stored (not compressed), built from what was inflated.
 * 2. `readSheetRows` parses that archive in memory: the parser inflates nothing, so it can expand nothing beyond
 *    what step 1 counted, and no stream, temporary file or event timing is involved — the same bytes always give
 *    the same rows, however busy the machine is.
 */

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const DESCRIPTOR = 0x08074b50;

interface Entry {
  name: Buffer;
  method: number;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  localOffset: number;
}

export type XlsxCheck = { ok: true; archive: Buffer } | { ok: false; problem: FieldMessage };

const corrupt: XlsxCheck = { ok: false, problem: { key: 'upload.spreadsheetCorrupt' } };
const tooLarge = (): XlsxCheck => ({
  ok: false,
  problem: {
    key: 'upload.spreadsheetTooLarge',
    params: { max: formatBytes(SPREADSHEET_MAX_UNCOMPRESSED_BYTES) },
  },
});

function endRecord(buf: Buffer): number {
  const from = Math.max(0, buf.length - 65557);
  for (let i = buf.length - 22; i >= from; i--) if (buf.readUInt32LE(i) === END) return i;
  return -1;
}

/** The central directory's entries, or a refusal. */
function directory(buf: Buffer, eocd: number): Entry[] | XlsxCheck {
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) return tooLarge(); // zip64 is never a legitimate small xlsx
  if (count > SPREADSHEET_MAX_ENTRIES) return tooLarge();
  if (buf.readUInt16LE(eocd + 8) !== count || cdOffset + cdSize !== eocd) return corrupt;
  const entries: Entry[] = [];
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CENTRAL) return corrupt;
    const nameLen = buf.readUInt16LE(p + 28);
    entries.push({
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      crc: buf.readUInt32LE(p + 16),
      compressed: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
      name: buf.subarray(p + 46, p + 46 + nameLen),
    });
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return p === eocd ? entries : corrupt;
}

/**
 * Walks the local entries from the first byte: each must be the directory's next entry (by offset), with the same
 * name, method and sizes (or a data descriptor that says the same), directly after the previous one; the last must
 * end where the directory begins. Answers each entry's compressed bytes, or null when anything differs.
 */
function localData(buf: Buffer, entries: Entry[], cdOffset: number): Buffer[] | null {
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  const data: Buffer[] = new Array<Buffer>(entries.length);
  let p = 0;
  for (const e of byOffset) {
    if (e.localOffset !== p || p + 30 > cdOffset || buf.readUInt32LE(p) !== LOCAL) return null;
    const flags = buf.readUInt16LE(p + 6);
    const nameLen = buf.readUInt16LE(p + 26);
    const name = buf.subarray(p + 30, p + 30 + nameLen);
    if (buf.readUInt16LE(p + 8) !== e.method || !name.equals(e.name)) return null;
    const start = p + 30 + nameLen + buf.readUInt16LE(p + 28);
    const end = start + e.compressed;
    if (end > cdOffset) return null;
    if (flags & 0x08) {
      // Sizes follow the data in a descriptor (optionally signed): they must be the directory's.
      let q = end;
      if (q + 4 <= cdOffset && buf.readUInt32LE(q) === DESCRIPTOR) q += 4;
      if (q + 12 > cdOffset) return null;
      if (buf.readUInt32LE(q) !== e.crc || buf.readUInt32LE(q + 4) !== e.compressed) return null;
      if (buf.readUInt32LE(q + 8) !== e.size) return null;
      p = q + 12;
    } else {
      if (buf.readUInt32LE(p + 18) !== e.compressed || buf.readUInt32LE(p + 22) !== e.size) return null;
      p = end;
    }
    data[entries.indexOf(e)] = buf.subarray(start, end);
  }
  return p === cdOffset ? data : null;
}

/** A zip of stored entries: what the parser reads, with nothing left to inflate. */
function storedArchive(files: { name: Buffer; body: Buffer; crc: number }[]): Buffer {
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt32LE(f.crc, 14);
    local.writeUInt32LE(f.body.length, 18);
    local.writeUInt32LE(f.body.length, 22);
    local.writeUInt16LE(f.name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(f.crc, 16);
    central.writeUInt32LE(f.body.length, 20);
    central.writeUInt32LE(f.body.length, 24);
    central.writeUInt16LE(f.name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, f.name, f.body);
    centrals.push(central, f.name);
    offset += 30 + f.name.length + f.body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cd, end]);
}

/** Step 1: the archive checked entry by entry and rebuilt with stored entries, or what is wrong with it. */
export function checkXlsx(buf: Buffer): XlsxCheck {
  const eocd = endRecord(buf);
  if (eocd < 0) return corrupt;
  const entries = directory(buf, eocd);
  if (!Array.isArray(entries)) return entries;
  const compressed = localData(buf, entries, buf.readUInt32LE(eocd + 16));
  if (!compressed) return corrupt;
  let budget = SPREADSHEET_MAX_UNCOMPRESSED_BYTES;
  const files: { name: Buffer; body: Buffer; crc: number }[] = [];
  for (const [i, e] of entries.entries()) {
    if (e.size > budget) return tooLarge();
    if (e.compressed > 0 && e.size / e.compressed > SPREADSHEET_MAX_RATIO && e.size > 1024 * 1024)
      return tooLarge();
    let body: Buffer;
    if (e.method === 0) body = compressed[i]!;
    else if (e.method === 8) {
      try {
        body = zlib.inflateRawSync(compressed[i]!, { maxOutputLength: Math.max(1, budget) });
      } catch (err) {
        return err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
          ? tooLarge()
          : corrupt;
      }
    } else return corrupt;
    if (body.length !== e.size || zlib.crc32(body) !== e.crc) return corrupt;
    budget -= body.length;
    files.push({ name: e.name, body, crc: e.crc });
  }
  if (!files.some((f) => f.name.toString('utf8') === '[Content_Types].xml')) return corrupt;
  return { ok: true, archive: storedArchive(files) };
}

/** The text of a cell as a person typed it: rich text joined, formulas by their result, dates as yyyy-mm-dd. */
export function cellText(v: ExcelJSLib.CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v)
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('text' in v && typeof v.text === 'string') return v.text.trim();
    if ('result' in v) return cellText(v.result);
  }
  return '';
}

/**
 * Step 2: the first worksheet's rows as [sheet row number, cell texts], from a spreadsheet checked by step 1 (it is
 * checked again here, so no caller can skip it). A date typed into Excel is a date cell: read as yyyy-mm-dd.
 * Throws when the file is not a spreadsheet it can read.
 */
export async function readSheetRows(buf: Buffer): Promise<[number, string[]][]> {
  const checked = checkXlsx(buf);
  if (!checked.ok) throw new Error(`unreadable spreadsheet: ${checked.problem.key}`);
  const workbook = new (exceljs().Workbook)();
  await workbook.xlsx.load(checked.archive as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: [number, string[]][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push([number, Array.from(values, (v) => cellText(v))]);
  });
  return rows;
}

/**
 * An import template: the first sheet (the one the import reads) holds the bold header row and nothing else; a
 * second sheet shows an example row under the same headers and says it is never imported. Date columns are
 * formatted as dates, so what a person types there becomes a date cell, which the import reads.
 */
export async function importTemplate(
  lang: Language,
  spec: { sheet: string; headers: readonly string[]; example: Record<string, string>; dates?: string[] },
): Promise<Buffer> {
  const workbook = new (exceljs().Workbook)();
  const columns = spec.headers.map((h) => ({ header: h, key: h, width: 22 }));
  const sheet = workbook.addWorksheet(spec.sheet);
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  const example = workbook.addWorksheet(t(lang, 'imports.exampleSheet'));
  example.columns = columns;
  example.getRow(1).font = { bold: true };
  example.addRow(spec.example);
  example.addRow([]);
  example.addRow([t(lang, 'imports.exampleNote')]).font = { italic: true };
  for (const key of spec.dates ?? []) {
    sheet.getColumn(key).numFmt = 'yyyy-mm-dd';
    example.getColumn(key).numFmt = 'yyyy-mm-dd';
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A cell a spreadsheet will never run as a formula: text that starts with =, +, -, @, a tab or a carriage return
 * gets a leading apostrophe (OWASP "CSV injection").
 */
export const neutraliseCell = (v: string | null | undefined): string => {
  const s = v ?? '';
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
};

/** One column of an export: its key, its header (already translated), and how wide. */
export interface ExportColumn {
  key: string;
  header: string;
  width?: number;
  /** Its cells shown as this Excel format: a date (`yyyy-mm-dd hh:mm`), or a duration in days (`[h]:mm`). */
  dateFormat?: string;
}

/** One sheet of an export: its name, its columns and its rows. */
export interface ExportSheet {
  sheet: string;
  columns: readonly ExportColumn[];
  rows: readonly Record<string, string | number | Date | null>[];
}

/**
 * A list export as .xlsx: one sheet, a bold header row, then the rows. Text is neutralised (neutraliseCell);
 * dates stay dates, shown in the column's format.
 */
export function exportWorkbook(spec: ExportSheet): Promise<Buffer> {
  return exportSheets([spec]);
}

/** An export of several sheets (a report's tables), each as exportWorkbook writes its one. */
export async function exportSheets(specs: readonly ExportSheet[]): Promise<Buffer> {
  const workbook = new (exceljs().Workbook)();
  for (const spec of specs) {
    // A sheet's name is at most 31 characters, without []:*?/\ (Excel refuses the file otherwise).
    const ws = workbook.addWorksheet(spec.sheet.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31));
    ws.columns = spec.columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
    ws.getRow(1).font = { bold: true };
    for (const c of spec.columns) if (c.dateFormat) ws.getColumn(c.key).numFmt = c.dateFormat;
    for (const row of spec.rows)
      ws.addRow(
        Object.fromEntries(
          // An empty value leaves its cell empty.
          Object.entries(row).map(([k, v]) => [
            k,
            typeof v === 'string' ? neutraliseCell(v) : (v ?? undefined),
          ]),
        ),
      );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
