import { z } from 'zod';
import { catalogBody, catalogContract, catalogItem, catalogListQuery } from './catalog';

/**
 * Vehicle models, each of one make. The make must exist (else a 422 on makeId); a name is unique within its
 * make, ignoring case; the code is unique among all models.
 */
export const modelBody = catalogBody({ makeId: z.number().int().positive() });
export type ModelBody = z.input<typeof modelBody>;

export const makeSummary = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const modelItem = catalogItem({ makeId: z.number().int(), make: makeSummary.nullable().optional() });
export type ModelItem = z.infer<typeof modelItem>;

/** filter[makeId]=3 lists one make's models (the vehicle form's model select); include=make embeds the make. */
export const modelsListQuery = catalogListQuery({ filters: ['makeId'], includes: ['make'] });

export const modelsCatalog = catalogContract('models', {
  body: modelBody,
  item: modelItem,
  list: modelsListQuery,
});
