import { z } from 'zod';
import { catalogBody, catalogContract, catalogItem } from './catalog.schemas';
import { requestTypesListQuery } from './request-types';

/** A request type: a code and a name (in each language); `builtIn` marks a system type (never deleted). */
export const requestTypeBody = catalogBody();
export type RequestTypeBody = z.input<typeof requestTypeBody>;
export const requestTypeItem = catalogItem({ builtIn: z.boolean() });
export type RequestTypeItem = z.infer<typeof requestTypeItem>;

export const requestTypesCatalog = catalogContract('request-types', {
  body: requestTypeBody,
  item: requestTypeItem,
  list: requestTypesListQuery,
});
