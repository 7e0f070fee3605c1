import { CRUD, crudPages, defineResource, navEntry } from './resource';
import { z } from 'zod';
import { requiredText } from './catalogs/catalog';

export const BUILDING_NAME_MAX = 120;
export const FLOOR_NAME_MAX = 60;
export const UNIT_NAME_MAX = 30;

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

/** GET /buildings: filter[term] searches the name. */
export const buildingsListQuery = {
  filters: ['name'],
  sorts: ['name', 'createdAt', 'unitsCount'],
  includes: [],
  defaultSort: 'name',
} as const;

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

export const floorsListQuery = {
  filters: ['buildingId'],
  sorts: ['level', 'name', 'createdAt'],
  includes: [],
  defaultSort: 'level',
} as const;

export const buildingsResource = defineResource({
  name: 'buildings',
  actions: [...CRUD, 'unit'],
  routes: { ...crudPages('buildings', 'buildingId'), '/buildings/$buildingId/unit': null },
  nav: [navEntry('property', '/buildings', 'buildings')],
  audited: { buildings: { record: '/buildings/{id}/show' } },
});

/** Floors are edited on their building's page. */
export const floorsResource = defineResource({
  name: 'floors',
  actions: CRUD,
  audited: { floors: {} },
});
