import { z } from 'zod';
import { catalogBody, catalogContract, catalogItem } from './catalog.schemas';
import { permitTypesListQuery } from './permit-types';

/**
 * `vehicleRequired` (default true): a permit of this type names a vehicle — the form marks the field required and
 * the server refuses a permit without one (decision 0039 §11). A type that grants a spot or a right rather than a
 * car (an office's staff, a handicap badge moved between cars) may be saved without.
 */
export const permitTypeBody = catalogBody({ vehicleRequired: z.boolean().default(true) });
export type PermitTypeBody = z.input<typeof permitTypeBody>;
/** `builtIn`: a system type (the web hides its delete action). */
export const permitTypeItem = catalogItem({ builtIn: z.boolean(), vehicleRequired: z.boolean() });
export type PermitTypeItem = z.infer<typeof permitTypeItem>;

export const permitTypesCatalog = catalogContract('permit-types', {
  body: permitTypeBody,
  item: permitTypeItem,
  list: permitTypesListQuery,
});
