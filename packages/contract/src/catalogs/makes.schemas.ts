import type { z } from 'zod';
import { catalogBody, catalogContract, catalogItem } from './catalog.schemas';
import { makesListQuery } from './makes';

/** Vehicle makes. A make that still has models cannot be deleted (409). */
export const makeBody = catalogBody();
export type MakeBody = z.input<typeof makeBody>;
export const makeItem = catalogItem();
export type MakeItem = z.infer<typeof makeItem>;

export const makesCatalog = catalogContract('makes', {
  body: makeBody,
  item: makeItem,
  list: makesListQuery,
});
