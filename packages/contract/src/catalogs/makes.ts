import type { z } from 'zod';
import { catalogBody, catalogContract, catalogItem, catalogListQuery } from './catalog';

/** Vehicle makes. A make that still has models cannot be deleted (409). */
export const makeBody = catalogBody();
export type MakeBody = z.input<typeof makeBody>;
export const makeItem = catalogItem();
export type MakeItem = z.infer<typeof makeItem>;
export const makesListQuery = catalogListQuery();

export const makesCatalog = catalogContract('makes', {
  body: makeBody,
  item: makeItem,
  list: makesListQuery,
});
