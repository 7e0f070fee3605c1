import { z } from 'zod';
import { BUILDING_NAME_MAX, FLOOR_NAME_MAX } from './buildings';
import { requiredText } from './catalogs/catalog.schemas';

/** POST /buildings and PUT /buildings/:id (SPEC §3: named only). */
export const buildingBody = z.object({ name: requiredText(BUILDING_NAME_MAX) });
export type BuildingBody = z.input<typeof buildingBody>;

export const buildingItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  floorsCount: z.number().int(),
  unitsCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BuildingItem = z.infer<typeof buildingItemSchema>;

/** Floors of a building (GET/POST /floors, PUT/DELETE /floors/:id). */
export const floorBody = z.object({
  buildingId: z.number({ error: 'validation.required' }).int().positive(),
  name: requiredText(FLOOR_NAME_MAX),
  level: z.number().int().min(-20).max(300).nullish(),
});
export type FloorBody = z.input<typeof floorBody>;

export const floorItemSchema = z.object({
  id: z.number().int(),
  buildingId: z.number().int(),
  name: z.string(),
  level: z.number().int().nullable(),
  unitsCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FloorItem = z.infer<typeof floorItemSchema>;
