/**
 * Reading spreadsheets (decision 0013): the archive is checked entry by entry, local entries included, and the
 * parser reads only what was checked. Pure functions on real .xlsx bytes written by ExcelJS.
 */
import zlib from 'node:zlib';
import { MB, SPREADSHEET_MAX_UNCOMPRESSED_BYTES } from '@parkade/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { checkXlsx, importTemplate, readSheetRows } from './xlsx';

async function book(rows: unknown[][], dateColumn?: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet');
  for (const r of rows) ws.addRow(r);
  if (dateColumn) ws.getColumn(dateColumn).numFmt = 'yyyy-mm-dd';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A deflated local entry (header, name, data), not listed anywhere. */
function localEntry(name: string, raw: Buffer): Buffer {
  const n = Buffer.from(name);
  const data = zlib.deflateRawSync(raw, { level: 9 });
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(zlib.crc32(raw), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(raw.length, 22);
  local.writeUInt16LE(n.length, 26);
  return Buffer.concat([local, n, data]);
}

/** Where the central directory starts, and the end record's position. */
function layout(zip: Buffer) {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  return { eocd, cdOffset: zip.readUInt32LE(eocd + 16) };
}

/** The same archive with `extra` slipped in before the central directory, which does not list it. */
function withHiddenEntry(zip: Buffer, extra: Buffer): Buffer {
  const { eocd, cdOffset } = layout(zip);
  const out = Buffer.concat([zip.subarray(0, cdOffset), extra, zip.subarray(cdOffset)]);
  out.writeUInt32LE(cdOffset + extra.length, eocd + extra.length + 16);
  return out;
}

describe('checkXlsx', () => {
  it('accepts what Excel-like writers produce and rebuilds it with the same rows', async () => {
    const file = await book([
      ['building', 'floor', 'unit'],
      ['North', 1, '101'],
    ]);
    const checked = checkXlsx(file);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.archive.length).toBeGreaterThan(file.length); // stored: nothing left to inflate
    expect(await readSheetRows(checked.archive)).toEqual(await readSheetRows(file));
    expect(await readSheetRows(file)).toEqual([
      [1, ['building', 'floor', 'unit']],
      [2, ['North', '1', '101']],
    ]);
  });

  it('refuses a local entry the central directory does not list (a bomb a streaming reader would inflate)', async () => {
    const file = await book([['building', 'floor', 'unit']]);
    const bomb = localEntry('xl/worksheets/sheet9.xml', Buffer.alloc(SPREADSHEET_MAX_UNCOMPRESSED_BYTES * 2));
    expect(bomb.length).toBeLessThan(MB);
    const hidden = withHiddenEntry(file, bomb);
    expect(checkXlsx(hidden)).toEqual({ ok: false, problem: { key: 'upload.spreadsheetCorrupt' } });
    await expect(readSheetRows(hidden)).rejects.toThrow(/spreadsheetCorrupt/);
    // Hidden in front of the first entry (every offset shifted), it is refused as well.
    const { eocd } = layout(file);
    const shifted = Buffer.concat([localEntry('junk.xml', Buffer.alloc(1000)), file]);
    expect(checkXlsx(shifted).ok).toBe(false);
    expect(eocd).toBeGreaterThan(0);
  });

  it('refuses a local header whose sizes differ from the directory', async () => {
    const file = Buffer.from(await book([['building', 'floor', 'unit']]));
    file.writeUInt32LE(file.readUInt32LE(22) + 1, 22); // the first local entry claims one byte more
    expect(checkXlsx(file)).toEqual({ ok: false, problem: { key: 'upload.spreadsheetCorrupt' } });
  });

  it('caps what is inflated even when every header lies about the size, and the parser gets nothing', async () => {
    const zeros = Buffer.alloc(SPREADSHEET_MAX_UNCOMPRESSED_BYTES + MB);
    const entry = localEntry('xl/worksheets/sheet1.xml', zeros);
    entry.writeUInt32LE(1024, 22); // claims 1 KB
    const n = Buffer.from('xl/worksheets/sheet1.xml');
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.readUInt32LE(14), 16);
    central.writeUInt32LE(entry.readUInt32LE(18), 20);
    central.writeUInt32LE(1024, 24);
    central.writeUInt16LE(n.length, 28);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(46 + n.length, 12);
    end.writeUInt32LE(entry.length, 16);
    const lying = Buffer.concat([entry, central, n, end]);
    expect(checkXlsx(lying)).toMatchObject({ ok: false, problem: { key: 'upload.spreadsheetTooLarge' } });
    await expect(readSheetRows(lying)).rejects.toThrow(/spreadsheetTooLarge/);
  });
});

describe('readSheetRows', () => {
  it('reads a date typed into Excel (a date cell) as yyyy-mm-dd, and text dates as typed', async () => {
    const file = await book(
      [
        ['name', 'lease'],
        ['Dana', new Date(Date.UTC(2027, 5, 30))],
        ['Ravi', '2028-01-15'],
      ],
      2,
    );
    expect((await readSheetRows(file)).map(([, cells]) => cells[1])).toEqual([
      'lease',
      '2027-06-30',
      '2028-01-15',
    ]);
  });

  it('gives the same rows for the same bytes however many are read at once', async () => {
    const rows = Array.from({ length: 400 }, (_, i) => [`B${i % 7}`, i % 12, `${i}`]);
    const good = await book([['building', 'floor', 'unit'], ...rows]);
    const broken = Buffer.from(good);
    broken.fill(0x41, 200, 260); // damaged compressed data
    const expected = await readSheetRows(good);
    expect(expected).toHaveLength(401);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        readSheetRows(i % 2 ? broken : good).then(
          (r) => ({ rows: r }),
          (e: Error) => ({ error: e.message }),
        ),
      ),
    );
    for (const [i, a] of answers.entries())
      expect(a).toEqual(
        i % 2 ? { error: 'unreadable spreadsheet: upload.spreadsheetCorrupt' } : { rows: expected },
      );
  });
});

describe('importTemplate', () => {
  it('has the headers alone on the first sheet and the example on a second, with a note', async () => {
    const file = await importTemplate('es', {
      sheet: 'Units',
      headers: ['building', 'unit', 'lease'],
      example: { building: 'A', unit: '101', lease: '2027-06-30' },
      dates: ['lease'],
    });
    expect(await readSheetRows(file)).toEqual([[1, ['building', 'unit', 'lease']]]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Units', 'Ejemplo (no se importa)']);
    expect(wb.worksheets[0]!.getColumn(3).numFmt).toBe('yyyy-mm-dd');
    const example = wb.worksheets[1]!;
    expect((example.getRow(2).values as unknown[]).slice(1)).toEqual(['A', '101', '2027-06-30']);
    expect(example.getRow(4).getCell(1).text).toMatch(/nunca se importa/i);
  });
});
