import type { z } from 'zod';
import { catalogBody, catalogContract, catalogItem } from './catalog.schemas';
import { statesListQuery } from './states';

/** US states (and DC): code is the USPS abbreviation (TX), name the full name. */
export const stateBody = catalogBody();
export type StateBody = z.input<typeof stateBody>;
export const stateItem = catalogItem();
export type StateItem = z.infer<typeof stateItem>;

export const statesCatalog = catalogContract('states', {
  body: stateBody,
  item: stateItem,
  list: statesListQuery,
});
