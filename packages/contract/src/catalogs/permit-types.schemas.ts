import { z } from 'zod';
import { catalogBody, catalogContract, catalogItem } from './catalog.schemas';
import { permitTypesListQuery } from './permit-types';

export const permitTypeBody = catalogBody();
export type PermitTypeBody = z.input<typeof permitTypeBody>;
/** `builtIn`: a system type (the web hides its delete action). */
export const permitTypeItem = catalogItem({ builtIn: z.boolean() });
export type PermitTypeItem = z.infer<typeof permitTypeItem>;

export const permitTypesCatalog = catalogContract('permit-types', {
  body: permitTypeBody,
  item: permitTypeItem,
  list: permitTypesListQuery,
});
