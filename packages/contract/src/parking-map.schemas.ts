import { z } from 'zod';
import { BUILDING_NAME_MAX } from './buildings';
import { requiredText } from './catalogs/catalog.schemas';
import {
  MAP_ROTATIONS,
  MAP_AREA_MAX_SPOTS,
  MAP_BUILDINGS_MAX,
  MAP_UNITS_PER_BUILDING_MAX,
  MAP_COORD_MAX,
} from './parking-map';
import { SPACE_STATUSES, SPOT_NUMBER_MAX, SPOT_TYPES } from './spots';

const coord = z.number().min(-MAP_COORD_MAX).max(MAP_COORD_MAX);
const size = z.number().min(1).max(MAP_COORD_MAX);
const rotation = z
  .number()
  .int()
  .refine((r) => (MAP_ROTATIONS as readonly number[]).includes(r), 'validation.invalidSelection');

export const mapBuildingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** null until the building is placed on the map. */
  x: z.number().nullable(),
  y: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  rotation: z.number().int(),
  unitsCount: z.number().int(),
});
export const mapAreaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  rotation: z.number().int(),
});
export const mapSpotSchema = z.object({
  id: z.number().int(),
  areaId: z.number().int().nullable(),
  number: z.string(),
  name: z.string().nullable(),
  type: z.enum(SPOT_TYPES),
  /** The status everyone sees: `reserved` when staff left it available and a reservation covers today. */
  status: z.enum(SPACE_STATUSES),
  /** The status staff set (what the edit form changes). */
  setStatus: z.enum(SPACE_STATUSES),
  spotGroup: z.string().nullable(),
  /** Position inside its area (or on the map without an area). */
  x: z.number(),
  y: z.number(),
  rotation: z.number().int(),
  /** A reservation covers today. */
  reservedNow: z.boolean(),
});
export type MapBuilding = z.infer<typeof mapBuildingSchema>;
export type MapArea = z.infer<typeof mapAreaSchema>;
export type MapSpot = z.infer<typeof mapSpotSchema>;

/** GET /parking-map: everything the designer draws, and the version a save must name. */
export const parkingMapSchema = z.object({
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
  buildings: z.array(mapBuildingSchema),
  areas: z.array(mapAreaSchema),
  spots: z.array(mapSpotSchema),
  /** The dashboard: spots by type and by status, and spots per area. */
  counts: z.object({
    total: z.number().int(),
    byType: z.record(z.string(), z.number().int()),
    byStatus: z.record(z.string(), z.number().int()),
    byArea: z.record(z.string(), z.number().int()),
  }),
});
export type ParkingMap = z.infer<typeof parkingMapSchema>;

/**
 * PUT /parking-map/layout: the positions of what the editor moved or rotated, and the version it loaded.
 * A save from an older version is refused (409 `map.stale`) and changes nothing. Items deleted meanwhile
 * are refused too (409), never recreated.
 */
export const mapLayoutBody = z.object({
  version: z.number().int().min(0),
  buildings: z
    .array(
      z.object({ id: z.number().int().positive(), x: coord, y: coord, width: size, height: size, rotation }),
    )
    .max(5000)
    .default([]),
  areas: z
    .array(
      z.object({ id: z.number().int().positive(), x: coord, y: coord, width: size, height: size, rotation }),
    )
    .max(5000)
    .default([]),
  spots: z
    .array(z.object({ id: z.number().int().positive(), x: coord, y: coord, rotation }))
    .max(20000)
    .default([]),
});
export type MapLayoutBody = z.input<typeof mapLayoutBody>;

/**
 * POST /parking-map/areas (create-area dialog): an empty area, or one holding `spotsCount` spots of one type
 * numbered from `startNumber` (numbers already taken refuse the whole area: 422 on startNumber).
 */
export const mapAreaCreateBody = z
  .object({
    name: requiredText(120),
    empty: z.boolean().default(false),
    spotsCount: z.number().int().min(1).max(MAP_AREA_MAX_SPOTS).nullish(),
    spotType: z.enum(SPOT_TYPES, 'validation.invalidSelection').default('resident'),
    startNumber: z.number().int().min(0).max(999999).nullish(),
    /** Optional prefix of the numbers ("A" → A1, A2…). */
    numberPrefix: z
      .string()
      .trim()
      .max(SPOT_NUMBER_MAX - 6)
      .nullish(),
    x: coord.default(0),
    y: coord.default(0),
  })
  .superRefine((v, ctx) => {
    if (!v.empty) {
      if (v.spotsCount == null)
        ctx.addIssue({ code: 'custom', path: ['spotsCount'], message: 'validation.required' });
      if (v.startNumber == null)
        ctx.addIssue({ code: 'custom', path: ['startNumber'], message: 'validation.required' });
    }
  });
export type MapAreaCreateBody = z.input<typeof mapAreaCreateBody>;

/** PUT /parking-map/areas/:id: rename. DELETE removes the area with its spots (409 while one is reserved). */
export const mapAreaUpdateBody = z.object({ name: requiredText(120) });

/**
 * POST /parking-map/buildings (create-building dialog): `count` buildings named `namePrefix` 1..n (skipping
 * names in use), placed in a row on the map, each with `unitsPerBuilding` units (101, 102…) when
 * `generateUnits`.
 */
export const mapBuildingsCreateBody = z
  .object({
    count: z.number().int().min(1).max(MAP_BUILDINGS_MAX),
    namePrefix: requiredText(BUILDING_NAME_MAX - 4).default('Building'),
    generateUnits: z.boolean().default(true),
    unitsPerBuilding: z.number().int().min(1).max(MAP_UNITS_PER_BUILDING_MAX).nullish(),
    x: coord.default(0),
    y: coord.default(0),
  })
  .superRefine((v, ctx) => {
    if (v.generateUnits && v.unitsPerBuilding == null)
      ctx.addIssue({ code: 'custom', path: ['unitsPerBuilding'], message: 'validation.required' });
  });
export type MapBuildingsCreateBody = z.input<typeof mapBuildingsCreateBody>;

/** POST /parking-map/spots: one spot added to an area from the designer (the edit-spot dialog's create mode). */
export const mapSpotCreateBody = z.object({
  areaId: z.number().int().positive(),
  number: requiredText(SPOT_NUMBER_MAX),
  type: z.enum(SPOT_TYPES, 'validation.invalidSelection').default('resident'),
  x: coord.default(0),
  y: coord.default(0),
});

/** GET /spots/:id/detail (spot detail dialog): the spot, its area, and who holds it. */
export const spotDetailSchema = z.object({
  spot: mapSpotSchema.extend({ notes: z.string().nullable() }),
  area: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /**
   * The first day from today on which the spot has no reservation, and the last day of that free run (null: free
   * for good): what the reserve dialog proposes.
   */
  firstFreeOn: z.string(),
  freeUntil: z.string().nullable(),
  /** The reservation covering today, else the next one. */
  reservation: z
    .object({
      id: z.number().int(),
      startsOn: z.string(),
      endsOn: z.string(),
      notes: z.string().nullable(),
      /** pending: a resident's request staff have not decided yet (it holds the spot for its dates). */
      status: z.enum(['pending', 'confirmed']),
    })
    .nullable(),
  resident: z
    .object({
      id: z.number().int(),
      fullName: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
    })
    .nullable(),
  /** Filled once permits and vehicles exist (issue 5); null means "none assigned". */
  permit: z.object({ id: z.number().int(), code: z.string(), status: z.string() }).nullable(),
  vehicle: z.object({ id: z.number().int(), plate: z.string(), description: z.string() }).nullable(),
});
export type SpotDetail = z.infer<typeof spotDetailSchema>;
