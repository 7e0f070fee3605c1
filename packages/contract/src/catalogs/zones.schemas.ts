import { z } from 'zod';
import { POSTAL_CODE_PATTERN, ZONE_CODE_MAX } from '../constants';
import { catalogBody, catalogContract, catalogItem, requiredText } from './catalog.schemas';
import { ZONE_PLACE_MAX, ZONE_CITIES_MAX, ZONE_ZIP_CODES_MAX, zonesListQuery } from './zones';

const unique = (values: string[]) => [...new Set(values)];

/** Any code up to 50 characters; blank or missing → generated from the name on create, kept on update. */
const zoneCode = z
  .string()
  .trim()
  .max(ZONE_CODE_MAX)
  .nullish()
  .transform((v) => (v ? v : undefined));

export const zoneBody = catalogBody({
  code: zoneCode,
  county: requiredText(ZONE_PLACE_MAX),
  cities: z.array(requiredText(ZONE_PLACE_MAX)).max(ZONE_CITIES_MAX).default([]).transform(unique),
  zipCodes: z
    .array(z.string().trim().regex(POSTAL_CODE_PATTERN, 'validation.postalCode'))
    .max(ZONE_ZIP_CODES_MAX)
    .default([])
    .transform(unique),
  /** The zip codes grouped by the city they were chosen under (the form's grouping, kept across edits). */
  zipCodesByCity: z
    .record(
      z.string().trim().max(ZONE_PLACE_MAX),
      z.array(z.string().trim().regex(POSTAL_CODE_PATTERN, 'validation.postalCode')),
    )
    .default({}),
});
export type ZoneBody = z.input<typeof zoneBody>;

export const zoneItem = catalogItem({
  county: z.string(),
  cities: z.array(z.string()),
  zipCodes: z.array(z.string()),
  zipCodesByCity: z.record(z.string(), z.array(z.string())),
});
export type ZoneItem = z.infer<typeof zoneItem>;

export const zonesCatalog = catalogContract('zones', {
  body: zoneBody,
  item: zoneItem,
  list: zonesListQuery,
});
