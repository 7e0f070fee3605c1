import {
  BUILDING_NAME_MAX,
  FLOOR_NAME_MAX,
  UNIT_NAME_MAX,
  UNITS_IMPORT_HEADERS,
  UNITS_IMPORT_MAX_ROWS,
  type ImportReject,
  type Language,
  type UnitsImportResult,
} from '@parkade/contract';
import { eq } from 'drizzle-orm';
import { buildings } from '../buildings/table';
import { floors } from '../floors/table';
import { HttpError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { importTemplate, readSheetRows } from '../../platform/xlsx';
import { t } from '../../platform/i18n';
import type { UploadedFile } from '../../platform/uploads';
import { insertUnits, structureIndex } from './service';
import { units } from './table';

/** A 422 about the whole file: the message and the `file` field say the same. */
const fileError = (key: string, params?: Record<string, string | number>) =>
  new HttpError(422, key, params, { file: [{ key, params }] });

/**
 * The template: the first sheet holds the header row only (what is typed under it is imported); an example row
 * stands on a second sheet, which the import never reads, so an example left in is never imported.
 */
export async function unitsTemplate(lang: Language): Promise<Buffer> {
  return importTemplate(lang, {
    sheet: t(lang, 'units.import.sheet'),
    headers: UNITS_IMPORT_HEADERS,
    example: { building: 'Building A', floor: '1', unit: '101' },
  });
}

const sameHeaders = (cells: string[]) =>
  UNITS_IMPORT_HEADERS.length <= cells.length &&
  UNITS_IMPORT_HEADERS.every((h, i) => (cells[i] ?? '').trim().toLowerCase() === h) &&
  cells.slice(UNITS_IMPORT_HEADERS.length).every((c) => !c.trim());

/**
 * POST /units/import. Headers first (422 on `file`); then every row is checked, and only when none is refused
 * are buildings, floors and units written, in this request's one transaction. Refused rows are all reported.
 */
export async function importUnits(ctx: Scope, file: UploadedFile): Promise<UnitsImportResult> {
  const lang = ctx.lang;
  const propertyId = ctx.propertyId;
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
  try {
    for (const [rowNumber, cells] of await readSheetRows(file.buffer)) {
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
    // Nothing is written but the import's audit entry: the reports count its rows read and refused (decision 0047).
    await ctx.audit({
      entity: 'units',
      entityId: null,
      action: 'import',
      new: { file: file.filename, rows: total, units: 0, refused: rejected.length },
    });
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
