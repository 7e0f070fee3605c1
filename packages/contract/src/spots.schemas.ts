import { z } from 'zod';
import { requiredText } from './catalogs/catalog.schemas';
import { SPOT_NAME_MAX } from './constants';
import { SPOT_TYPES, SPACE_STATUSES, SPOT_NUMBER_MAX, SPOT_GROUP_MAX, SPOT_NOTES_MAX } from './spots';

/** Editable fields of a spot (PUT /spots/:id). There is no POST /spots: spots come from the map designer. */
export const spotBody = z.object({
  number: requiredText(SPOT_NUMBER_MAX),
  /** A short label painted on the spot, at most 2 characters (SPEC §5). */
  name: z
    .string()
    .trim()
    .max(SPOT_NAME_MAX)
    .nullish()
    .transform((v) => v || null),
  type: z.enum(SPOT_TYPES, 'validation.invalidSelection'),
  status: z.enum(SPACE_STATUSES, 'validation.invalidSelection'),
  spotGroup: z
    .string()
    .trim()
    .max(SPOT_GROUP_MAX)
    .nullish()
    .transform((v) => v || null),
  notes: z
    .string()
    .trim()
    .max(SPOT_NOTES_MAX)
    .nullish()
    .transform((v) => v || null),
  areaId: z.number().int().positive().nullish(),
});
export type SpotBody = z.input<typeof spotBody>;

export const spotItemSchema = z.object({
  id: z.number().int(),
  areaId: z.number().int().nullable(),
  number: z.string(),
  name: z.string().nullable(),
  type: z.enum(SPOT_TYPES),
  /**
   * The status everyone sees (the list, its filter and sort, the page, the map): `reserved` when staff left the
   * spot available and a reservation covers today; else the status staff set.
   */
  status: z.enum(SPACE_STATUSES),
  /** The status staff set (what the edit form changes). */
  setStatus: z.enum(SPACE_STATUSES),
  spotGroup: z.string().nullable(),
  notes: z.string().nullable(),
  x: z.number(),
  y: z.number(),
  rotation: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** With include=area. */
  area: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  /** With include=reservation: the reservation covering today, if any. */
  reservation: z
    .object({
      id: z.number().int(),
      residentId: z.number().int(),
      residentName: z.string(),
      startsOn: z.string(),
      endsOn: z.string(),
    })
    .nullable()
    .optional(),
});
export type SpotItem = z.infer<typeof spotItemSchema>;
