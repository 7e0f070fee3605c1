import { Readable } from 'node:stream';
import {
  BUILDING_NAME_MAX,
  FLOOR_NAME_MAX,
  UNIT_NAME_MAX,
  UNITS_IMPORT_HEADERS,
  UNITS_IMPORT_MAX_ROWS,
  type ImportReject,
  type UnitsImportResult,
} from '@parkade/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { buildings } from '../buildings/table';
import { floors } from '../floors/table';
import { HttpError } from '../../platform/errors';
import { propertyIdOf, type RouteContext } from '../../platform/http';
import { t } from '../../platform/i18n';
import type { UploadedFile } from '../../platform/uploads';
import { insertUnits, structureIndex } from './service';
import { units } from './table';

/** The text of a cell as a person typed it: rich text joined, formulas by their result, numbers as written. */
export function cellText(v: ExcelJS.CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
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

/** Reads the first worksheet row by row (exceljs streaming reader): [sheet row number, cell texts]. */
export async function* sheetRows(buffer: Buffer): AsyncGenerator<[number, string[]]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      yield [row.number, values.map(cellText)];
    }
    return; // the first sheet only
  }
}

/** A 422 about the whole file: the message and the `file` field say the same. */
const fileError = (key: string, params?: Record<string, string | number>) =>
  new HttpError(422, key, params, { file: [{ key, params }] });

/** The template: the header row and one example row. */
export async function unitsTemplate(lang: Parameters<typeof t>[0]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t(lang, 'units.import.sheet'));
  ws.columns = UNITS_IMPORT_HEADERS.map((h) => ({ header: h, key: h, width: 22 }));
  ws.getRow(1).font = { bold: true };
  ws.addRow({ building: 'Building A', floor: '1', unit: '101' });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const sameHeaders = (cells: string[]) =>
  UNITS_IMPORT_HEADERS.length <= cells.length &&
  UNITS_IMPORT_HEADERS.every((h, i) => (cells[i] ?? '').trim().toLowerCase() === h) &&
  cells.slice(UNITS_IMPORT_HEADERS.length).every((c) => !c.trim());

/**
 * POST /units/import. Headers first (422 on `file`); then every row is checked, and only when none is refused
 * are buildings, floors and units written, in this request's one transaction. Refused rows are all reported.
 */
export async function importUnits(ctx: RouteContext, file: UploadedFile): Promise<UnitsImportResult> {
  const lang = ctx.lang;
  const propertyId = propertyIdOf(ctx);
  const index = await structureIndex(ctx);
  const existing = new Set(
    (
      await ctx.tx
        .select({ buildingId: units.buildingId, name: units.name })
        .from(units)
        .where(eq(units.propertyId, propertyId))
    ).map((u) => `${u.buildingId}:${u.name.toLowerCase()}`),
  );
  const rejected: ImportReject[] = [];
  const good: { row: number; building: string; floor: string; unit: string }[] = [];
  const seen = new Map<string, number>();
  let headerChecked = false;
  let total = 0;
  let rows: AsyncGenerator<[number, string[]]>;
  try {
    rows = sheetRows(file.buffer);
    for await (const [rowNumber, cells] of rows) {
      if (!headerChecked) {
        headerChecked = true;
        if (!sameHeaders(cells)) throw fileError('units.import.headers');
        continue;
      }
      const [building = '', floor = '', unit = ''] = cells;
      if (!building && !floor && !unit) continue; // blank line
      total += 1;
      if (total > UNITS_IMPORT_MAX_ROWS)
        throw fileError('units.import.tooManyRows', { max: UNITS_IMPORT_MAX_ROWS });
      const errors: ImportReject['errors'] = [];
      const need = (field: string, value: string, max: number, required: boolean) => {
        if (!value && required) errors.push({ field, message: t(lang, 'validation.required') });
        else if (value.length > max) errors.push({ field, message: t(lang, 'validation.max', { max }) });
      };
      need('building', building, BUILDING_NAME_MAX, true);
      need('floor', floor, FLOOR_NAME_MAX, false);
      need('unit', unit, UNIT_NAME_MAX, true);
      if (building && unit) {
        const key = `${building.toLowerCase()}:${unit.toLowerCase()}`;
        const first = seen.get(key);
        if (first !== undefined)
          errors.push({ field: 'unit', message: t(lang, 'units.import.duplicateInFile', { row: first }) });
        else seen.set(key, rowNumber);
        const buildingId = index.buildings.get(building.toLowerCase());
        if (buildingId !== undefined && existing.has(`${buildingId}:${unit.toLowerCase()}`))
          errors.push({ field: 'unit', message: t(lang, 'units.import.exists', { unit, building }) });
      }
      if (errors.length) rejected.push({ row: rowNumber, errors });
      else good.push({ row: rowNumber, building, floor, unit });
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw fileError('units.import.unreadable');
  }
  if (!headerChecked) throw fileError('units.import.headers');
  if (rejected.length || !good.length) {
    if (!good.length && !rejected.length) throw fileError('units.import.empty');
    return { total, imported: 0, buildingsCreated: 0, floorsCreated: 0, rejected };
  }

  // Every row is good: create what is missing, then the units.
  let buildingsCreated = 0;
  let floorsCreated = 0;
  const newBuildings = [...new Map(good.map((g) => [g.building.toLowerCase(), g.building])).entries()].filter(
    ([k]) => !index.buildings.has(k),
  );
  if (newBuildings.length) {
    const made = await ctx.tx
      .insert(buildings)
      .values(newBuildings.map(([, name]) => ({ propertyId, name })))
      .returning({ id: buildings.id, name: buildings.name });
    for (const b of made) index.buildings.set(b.name.toLowerCase(), b.id);
    buildingsCreated = made.length;
  }
  const floorKey = (g: (typeof good)[number]) =>
    `${index.buildings.get(g.building.toLowerCase())}:${g.floor.toLowerCase()}`;
  const newFloors = [...new Map(good.filter((g) => g.floor).map((g) => [floorKey(g), g])).entries()].filter(
    ([k]) => !index.floors.has(k),
  );
  if (newFloors.length) {
    const made = await ctx.tx
      .insert(floors)
      .values(
        newFloors.map(([, g]) => ({
          propertyId,
          buildingId: index.buildings.get(g.building.toLowerCase())!,
          name: g.floor,
          level: /^-?\d+$/.test(g.floor) ? Math.max(-20, Math.min(300, Number(g.floor))) : null,
        })),
      )
      .returning({ id: floors.id, buildingId: floors.buildingId, name: floors.name });
    for (const f of made) index.floors.set(`${f.buildingId}:${f.name.toLowerCase()}`, f.id);
    floorsCreated = made.length;
  }
  await insertUnits(
    ctx,
    good.map((g) => ({
      buildingId: index.buildings.get(g.building.toLowerCase())!,
      floorId: g.floor ? index.floors.get(floorKey(g))! : null,
      name: g.unit,
    })),
  );
  await ctx.audit({
    entity: 'units',
    entityId: null,
    action: 'import',
    new: { file: file.filename, units: good.length, buildingsCreated, floorsCreated },
  });
  return { total, imported: good.length, buildingsCreated, floorsCreated, rejected: [] };
}
