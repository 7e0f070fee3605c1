import { z } from 'zod';
import { catalogBody, catalogContract, catalogItem } from './catalog.schemas';
import { towsListQuery } from './tows';

/**
 * Tow types (standard tow, impound, relocation…) with the two dates of SPEC §3: towAuthorizationDate is a date
 * (YYYY-MM-DD), readyToTowAt a date-time with its offset (ISO 8601). Both may be null; PUT replaces both.
 */
export const towBody = catalogBody({
  towAuthorizationDate: z.iso.date('validation.date').nullish(),
  readyToTowAt: z.iso.datetime({ offset: true, error: 'validation.date' }).nullish(),
});
export type TowBody = z.input<typeof towBody>;

export const towItem = catalogItem({
  towAuthorizationDate: z.string().nullable(),
  readyToTowAt: z.string().nullable(),
});
export type TowItem = z.infer<typeof towItem>;

export const towsCatalog = catalogContract('tows', { body: towBody, item: towItem, list: towsListQuery });
