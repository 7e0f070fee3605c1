import type { z } from 'zod';
import { catalogBody, catalogContract, catalogItem } from './catalog.schemas';
import { reasonsListQuery } from './reasons';

/** Reasons for a warning or a tow (expired permit, fire lane, blocking…). */
export const reasonBody = catalogBody();
export type ReasonBody = z.input<typeof reasonBody>;
export const reasonItem = catalogItem();
export type ReasonItem = z.infer<typeof reasonItem>;

export const reasonsCatalog = catalogContract('reasons', {
  body: reasonBody,
  item: reasonItem,
  list: reasonsListQuery,
});
