import type { z } from 'zod';
import { catalogBody, catalogContract, catalogItem } from './catalog.schemas';
import { warningsListQuery } from './warnings';

/** Kinds of warning an inspector leaves on a vehicle (first warning, final warning, sticker notice…). */
export const warningBody = catalogBody();
export type WarningBody = z.input<typeof warningBody>;
export const warningItem = catalogItem();
export type WarningItem = z.infer<typeof warningItem>;

export const warningsCatalog = catalogContract('warnings', {
  body: warningBody,
  item: warningItem,
  list: warningsListQuery,
});
