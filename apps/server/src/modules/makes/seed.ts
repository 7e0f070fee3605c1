import { slugCode as slug } from '@parkade/contract';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { fillIfEmpty } from '../../platform/db/catalog-table';
import { models } from '../models/table';
import { makes } from './table';

/** Common vehicle makes in the US with their common models (name → models). */
export const VEHICLE_MAKES: Record<string, string[]> = {
  Toyota: ['Camry', 'Corolla', 'RAV4', 'Highlander', 'Tacoma', 'Tundra', 'Prius', '4Runner', 'Sienna'],
  Honda: ['Civic', 'Accord', 'CR-V', 'HR-V', 'Pilot', 'Odyssey', 'Ridgeline'],
  Ford: ['F-150', 'Escape', 'Explorer', 'Mustang', 'Edge', 'Ranger', 'Bronco', 'Expedition', 'Maverick'],
  Chevrolet: ['Silverado 1500', 'Equinox', 'Malibu', 'Tahoe', 'Traverse', 'Suburban', 'Camaro', 'Trax'],
  Nissan: ['Altima', 'Sentra', 'Rogue', 'Pathfinder', 'Frontier', 'Murano', 'Kicks', 'Versa'],
  Hyundai: ['Elantra', 'Sonata', 'Tucson', 'Santa Fe', 'Kona', 'Palisade'],
  Kia: ['Forte', 'K5', 'Sportage', 'Sorento', 'Telluride', 'Soul', 'Seltos'],
  Tesla: ['Model 3', 'Model Y', 'Model S', 'Model X', 'Cybertruck'],
  BMW: ['3 Series', '5 Series', 'X1', 'X3', 'X5'],
  'Mercedes-Benz': ['C-Class', 'E-Class', 'S-Class', 'GLC', 'GLE'],
  Subaru: ['Outback', 'Forester', 'Crosstrek', 'Impreza', 'Ascent', 'Legacy'],
  Jeep: ['Wrangler', 'Grand Cherokee', 'Cherokee', 'Compass', 'Gladiator', 'Renegade'],
  Volkswagen: ['Jetta', 'Passat', 'Tiguan', 'Atlas', 'Golf', 'Taos'],
  Mazda: ['Mazda3', 'CX-30', 'CX-5', 'CX-50', 'CX-90', 'MX-5 Miata'],
  Dodge: ['Charger', 'Challenger', 'Durango', 'Grand Caravan'],
  Ram: ['1500', '2500', '3500', 'ProMaster'],
  GMC: ['Sierra 1500', 'Yukon', 'Acadia', 'Terrain', 'Canyon'],
  Lexus: ['ES', 'IS', 'NX', 'RX', 'GX'],
  Audi: ['A3', 'A4', 'A6', 'Q3', 'Q5', 'Q7'],
  Acura: ['Integra', 'TLX', 'RDX', 'MDX'],
  Buick: ['Encore', 'Envision', 'Enclave'],
  Cadillac: ['CT5', 'XT4', 'XT5', 'Escalade'],
  Chrysler: ['300', 'Pacifica'],
  Infiniti: ['Q50', 'QX50', 'QX60'],
  Lincoln: ['Corsair', 'Aviator', 'Navigator'],
  Mitsubishi: ['Mirage', 'Outlander', 'Eclipse Cross'],
  Volvo: ['S60', 'XC40', 'XC60', 'XC90'],
  Porsche: ['911', 'Cayenne', 'Macan'],
  'Land Rover': ['Defender', 'Discovery', 'Range Rover'],
  MINI: ['Cooper', 'Countryman'],
};

/** Codes: the make's name as a slug (mercedes-benz); a model's is the make's plus its own (toyota-camry). */
export const makeCode = (name: string) => slug(name);
export const modelCode = (make: string, model: string) => `${slug(make)}-${slug(model)}`;

/** Makes when the makes catalog is empty; models of the seeded makes (found by code) when models is empty. */
export async function seedMakesAndModels(tx: Tx): Promise<void> {
  const names = Object.keys(VEHICLE_MAKES);
  await fillIfEmpty(
    tx,
    makes,
    names.map((name) => ({ code: makeCode(name), name })),
  );
  const found = await tx
    .select({ id: makes.id, code: makes.code })
    .from(makes)
    .where(inArray(makes.code, names.map(makeCode)));
  const idOf = new Map(found.map((m) => [m.code, m.id]));
  await fillIfEmpty(
    tx,
    models,
    names.flatMap((make) => {
      const makeId = idOf.get(makeCode(make));
      if (makeId === undefined) return [];
      return VEHICLE_MAKES[make]!.map((name) => ({ makeId, code: modelCode(make, name), name }));
    }),
  );
}
