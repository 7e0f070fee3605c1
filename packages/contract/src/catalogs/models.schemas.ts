import { z } from 'zod';
import { catalogBody, catalogContract, catalogItem } from './catalog.schemas';
import { modelsListQuery } from './models';

/**
 * Vehicle models, each of one make. The make must exist (else a 422 on makeId); a name is unique within its
 * make, ignoring case; the code is unique among all models.
 */
export const modelBody = catalogBody({ makeId: z.number().int().positive() });
export type ModelBody = z.input<typeof modelBody>;

export const makeSummary = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const modelItem = catalogItem({ makeId: z.number().int(), make: makeSummary.nullable().optional() });
export type ModelItem = z.infer<typeof modelItem>;

export const modelsCatalog = catalogContract('models', {
  body: modelBody,
  item: modelItem,
  list: modelsListQuery,
});
