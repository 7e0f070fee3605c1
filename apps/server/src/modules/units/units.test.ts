import zlib from 'node:zlib';
import {
  MB,
  SPREADSHEET_MAX_UNCOMPRESSED_BYTES,
  type BuildingItem,
  type ListResponse,
  type UnitItem,
  type UnitsImportResult,
} from '@parkade/contract';
import { count } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProperty,
  createTenantUser,
  createTestContext,
  formPayload,
  headers,
  login,
  type TestContext,
} from '../../test/harness';
import { buildings } from '../buildings/table';
import { floors } from '../floors/table';
import { units } from './table';

/** Buildings, floors, units and the units import, on a real database. */
let ctx: TestContext;
let code: string;
let propertyId: number;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await createProperty(ctx.database);
  code = p.code;
  propertyId = p.id;
  token = await login(ctx, await createTenantUser(ctx.database, p.id, 'manager'), code);
});
afterAll(() => ctx?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, lang?: string) =>
  ctx.app.inject({
    method,
    url: `/tenant/api${url}`,
    headers: headers({ tenant: code, token, lang }),
    ...(body === undefined ? {} : { payload: body as object }),
  });

async function ok<T>(res: { statusCode: number; body: string; json: <X>() => X }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

async function counts() {
  return ctx.database.withScope({ area: 'tenant', propertyId }, async (tx) => ({
    buildings: (await tx.select({ n: count() }).from(buildings))[0]!.n,
    floors: (await tx.select({ n: count() }).from(floors))[0]!.n,
    units: (await tx.select({ n: count() }).from(units))[0]!.n,
  }));
}

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Units');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function fileForm(file: Buffer, name: string) {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(file)]), name);
  return fd;
}

async function upload(file: Buffer, name = 'units.xlsx', lang?: string) {
  const { payload, contentType } = await formPayload(fileForm(file, name));
  return ctx.app.inject({
    method: 'POST',
    url: '/tenant/api/units/import',
    headers: { ...headers({ tenant: code, token, lang }), 'content-type': contentType },
    payload,
  });
}

describe('buildings, floors and units', () => {
  let tower: BuildingItem;
  it('creates a building; its name is unique ignoring case', async () => {
    tower = await ok<BuildingItem>(await call('POST', '/buildings', { name: 'Tower' }));
    expect(tower).toMatchObject({ name: 'Tower', floorsCount: 0, unitsCount: 0 });
    const again = await call('POST', '/buildings', { name: 'TOWER' }, 'es');
    expect(again.statusCode).toBe(422);
    expect(again.json<{ errors: Record<string, string[]> }>().errors.name).toEqual([
      'Este valor ya está en uso',
    ]);
  });

  it('adds floors and units; a unit on a floor of another building is refused', async () => {
    const floor = await ok<{ id: number }>(
      await call('POST', '/floors', { buildingId: tower.id, name: 'Ground', level: 0 }),
    );
    const unit = await ok<UnitItem>(
      await call('POST', '/units', { buildingId: tower.id, floorId: floor.id, name: 'G1' }),
    );
    expect(unit).toMatchObject({ name: 'G1', building: { name: 'Tower' }, floor: { name: 'Ground' } });
    const annex = await ok<BuildingItem>(await call('POST', '/buildings', { name: 'Annex' }));
    const wrong = await call('POST', '/units', { buildingId: annex.id, floorId: floor.id, name: 'A1' });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json<{ errors: object }>().errors)).toEqual(['floorId']);
    const b = await ok<BuildingItem>(await call('GET', `/buildings/${tower.id}`));
    expect(b).toMatchObject({ floorsCount: 1, unitsCount: 1 });
    // A building or floor with units is not deleted.
    expect((await call('DELETE', `/buildings/${tower.id}`)).statusCode).toBe(409);
    expect((await call('DELETE', `/floors/${floor.id}`)).statusCode).toBe(409);
    expect((await call('DELETE', `/units/${unit.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/floors/${floor.id}`)).statusCode).toBe(200);
  });

  it('creates units in bulk by range and pattern, all or nothing', async () => {
    const made = await ok<{ created: number }>(
      await call('POST', '/units/create-bulk', {
        buildingIds: [tower.id],
        mode: 'range',
        from: 1,
        to: 12,
        prefix: 'T-',
        pad: 2,
      }),
    );
    expect(made.created).toBe(12);
    const list = await ok<ListResponse<UnitItem>>(
      await call('GET', `/units?filter[buildingId]=${tower.id}&sort=name&all=1`),
    );
    expect(list.data.map((u) => u.name).slice(0, 3)).toEqual(['T-01', 'T-02', 'T-03']);
    const pattern = await ok<{ created: number }>(
      await call('POST', '/units/create-bulk', {
        buildingIds: [tower.id],
        mode: 'pattern',
        pattern: '201-203, PH1',
      }),
    );
    expect(pattern.created).toBe(4);
    // The counts are the building's own, not a neighbour's.
    expect(await ok<BuildingItem>(await call('GET', `/buildings/${tower.id}`))).toMatchObject({
      unitsCount: 16,
    });
    const all = await ok<ListResponse<BuildingItem>>(await call('GET', '/buildings?sort=name'));
    expect(all.data.map((b) => [b.name, b.unitsCount])).toEqual([
      ['Annex', 0],
      ['Tower', 16],
    ]);
    const before = await counts();
    const clash = await call('POST', '/units/create-bulk', {
      buildingIds: [tower.id],
      mode: 'pattern',
      pattern: 'PH1, PH2',
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json<{ errors: Record<string, string[]> }>().errors.names![0]).toContain('PH1');
    expect(await counts()).toEqual(before);
  });

  it('lists units with term search over unit and building, sorted by building', async () => {
    const res = await ok<ListResponse<UnitItem>>(
      await call('GET', '/units?filter[term]=tower%20ph&include=building'),
    );
    expect(res.data.map((u) => [u.building?.name, u.name])).toEqual([['Tower', 'PH1']]);
  });
});

describe('units import', () => {
  it('gives a template whose example is never imported: left untouched, it imports nobody', async () => {
    const tpl = await call('GET', '/units/template');
    expect(tpl.statusCode).toBe(200);
    expect(tpl.headers['content-disposition']).toContain('units-template.xlsx');
    const before = await counts();
    const res = await upload(tpl.rawPayload, 'units-template.xlsx', 'es');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toMatch(/no tiene unidades/i);
    expect(await counts()).toEqual(before);
    // Filled in under the header row, it imports what was typed.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    wb.worksheets[0]!.addRow(['Template Tower', '1', '101']);
    const filled = await ok<UnitsImportResult>(await upload(Buffer.from(await wb.xlsx.writeBuffer())));
    expect(filled).toMatchObject({ total: 1, imported: 1, rejected: [] });
  });

  it('imports a good file: buildings and floors created by name, units in them', async () => {
    const before = await counts();
    const rows: (string | number)[][] = [['Building', 'Floor', 'Unit']];
    for (const b of ['North', 'South'])
      for (let f = 1; f <= 3; f++) for (let u = 1; u <= 4; u++) rows.push([b, f, `${f}0${u}`]);
    const res = await ok<UnitsImportResult>(await upload(await workbook(rows)));
    expect(res).toEqual({ total: 24, imported: 24, buildingsCreated: 2, floorsCreated: 6, rejected: [] });
    const after = await counts();
    expect(after.units - before.units).toBe(24);
    expect(after.buildings - before.buildings).toBe(2);
  });

  it('refuses wrong headers with the message of the spec, writing nothing', async () => {
    const before = await counts();
    const res = await upload(
      await workbook([
        ['Edificio', 'Piso', 'Unidad'],
        ['X', 1, '1'],
      ]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'Headers do not match expected format',
      errors: { file: ['Headers do not match expected format'] },
    });
    expect(await counts()).toEqual(before);
  });

  it('lists every bad row with its reasons and writes nothing', async () => {
    const before = await counts();
    const rows = [
      ['building', 'floor', 'unit'],
      ['East', '1', '101'],
      ['', '1', '102'], // row 3: no building
      ['East', '1', '101'], // row 4: twice in the file
      ['North', '1', '101'], // row 5: exists already
      ['East', '1', 'X'.repeat(31)], // row 6: too long
      ['East', '2', '201'],
    ];
    const res = await ok<UnitsImportResult>(await upload(await workbook(rows), 'units.xlsx', 'es'));
    expect(res.imported).toBe(0);
    expect(res.total).toBe(6);
    expect(res.rejected.map((r) => [r.row, r.errors.map((e) => e.field)])).toEqual([
      [3, ['building']],
      [4, ['unit']],
      [5, ['unit']],
      [6, ['unit']],
    ]);
    expect(res.rejected[0]!.errors[0]!.message).toBe('Este campo es obligatorio');
    expect(res.rejected[1]!.errors[0]!.message).toContain('fila 2');
    expect(await counts()).toEqual(before);
  });

  it('refuses an oversized file and a zip bomb before parsing', async () => {
    const before = await counts();
    const big = Buffer.concat([await workbook([['building', 'floor', 'unit']]), Buffer.alloc(5 * MB)]);
    expect((await upload(big)).statusCode).toBe(422);
    const zeros = Buffer.alloc(SPREADSHEET_MAX_UNCOMPRESSED_BYTES + MB);
    const bomb = zipOne('xl/worksheets/sheet1.xml', zeros);
    const res = await upload(bomb, 'bomb.xlsx');
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toMatch(/too large when unpacked|descomprim|unpacked/i);
    expect(await counts()).toEqual(before);
  });
});

describe('units import under load', () => {
  it('answers the same for the same files imported many times at once', async () => {
    const good = await workbook([
      ['building', 'floor', 'unit'],
      ...Array.from({ length: 30 }, (_, i) => ['Load Tower', Math.floor(i / 10) + 1, `L${i}`]),
    ]);
    const bad = await workbook([
      ['building', 'floor', 'unit'],
      ['Load Tower', 1, 'ok-1'],
      ['', 1, 'no-building'],
      ['Load Tower', 1, 'ok-1'],
      ['Load Tower', 'x'.repeat(100), ''],
    ]);
    // The good file goes to six fresh properties (each imports it once); the bad one fourteen times here.
    const others = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const p = await createProperty(ctx.database);
        return {
          code: p.code,
          token: await login(ctx, await createTenantUser(ctx.database, p.id, 'manager'), p.code),
        };
      }),
    );
    const sendTo = (file: Buffer, to: { code: string; token: string }) =>
      formPayload(fileForm(file, 'load.xlsx')).then(({ payload, contentType }) =>
        ctx.app.inject({
          method: 'POST',
          url: '/tenant/api/units/import',
          headers: { ...headers({ tenant: to.code, token: to.token }), 'content-type': contentType },
          payload,
        }),
      );
    const before = await counts();
    const answers = await Promise.all([
      ...others.map((o) => sendTo(good, o)),
      ...Array.from({ length: 14 }, () => sendTo(bad, { code, token })),
    ]);
    for (const res of answers.slice(0, 6)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        total: 30,
        imported: 30,
        buildingsCreated: 1,
        floorsCreated: 3,
        rejected: [],
      });
    }
    const refused = answers.slice(6).map((r) => [r.statusCode, r.json<UnitsImportResult>()] as const);
    expect(refused[0]![1].rejected.map((r) => r.row)).toEqual([3, 4, 5]);
    for (const r of refused) expect(r).toEqual(refused[0]);
    expect(await counts()).toEqual(before);
  });

  it('refuses an archive hiding an entry its directory does not list', async () => {
    const file = await workbook([
      ['building', 'floor', 'unit'],
      ['Hidden', 1, '1'],
    ]);
    const hidden = zipOne('xl/worksheets/sheet2.xml', Buffer.alloc(SPREADSHEET_MAX_UNCOMPRESSED_BYTES * 2));
    const localPart = hidden.subarray(0, hidden.readUInt32LE(hidden.length - 22 + 16));
    const eocd = file.length - 22;
    const cdOffset = file.readUInt32LE(eocd + 16);
    const sneaky = Buffer.concat([file.subarray(0, cdOffset), localPart, file.subarray(cdOffset)]);
    sneaky.writeUInt32LE(cdOffset + localPart.length, eocd + localPart.length + 16);
    const before = await counts();
    const res = await upload(sneaky);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: { file: string[] } }>().errors.file[0]).toMatch(/not a valid \.xlsx/);
    expect(await counts()).toEqual(before);
  });
});

/** A one-entry zip whose entry inflates to `raw` (a zip bomb when raw is large and repetitive). */
function zipOne(entryName: string, raw: Buffer): Buffer {
  const name = Buffer.from(entryName);
  const data = zlib.deflateRawSync(raw, { level: 9 });
  const crc = zlib.crc32(raw);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(raw.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(raw.length, 24);
  central.writeUInt16LE(name.length, 28);
  const cd = Buffer.concat([central, name]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(30 + name.length + data.length, 16);
  return Buffer.concat([local, name, data, cd, end]);
}
