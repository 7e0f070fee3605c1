import { z } from 'zod';
import { RESERVED_SPOT_PERMIT_TYPE_ID } from '../constants';
import { catalogBody, catalogContract, catalogItem, catalogListQuery } from './catalog';

/**
 * Permit types. The system types have stable ids (DESIGN §1): code relies on them, type 2 above all (the
 * reserved-spot permit, which needs a spot and an end date, SPEC §5). They are seeded on every installation,
 * may be renamed, and cannot be deleted. Types added by users get ids from 100 up.
 */
export const SYSTEM_PERMIT_TYPES = [
  { id: 1, code: 'resident', name: 'Resident' },
  { id: RESERVED_SPOT_PERMIT_TYPE_ID, code: 'reserved-spot', name: 'Reserved spot' },
  { id: 3, code: 'visitor', name: 'Visitor' },
  { id: 4, code: 'temporary-visitor', name: 'Temporary visitor' },
  { id: 5, code: 'handicap', name: 'Handicap' },
  { id: 6, code: 'office-staff', name: 'Office staff' },
] as const;
/** Ids below this are reserved for system types. */
export const FIRST_USER_PERMIT_TYPE_ID = 100;

export const permitTypeBody = catalogBody();
export type PermitTypeBody = z.input<typeof permitTypeBody>;
/** `builtIn`: a system type (the web hides its delete action). */
export const permitTypeItem = catalogItem({ builtIn: z.boolean() });
export type PermitTypeItem = z.infer<typeof permitTypeItem>;
export const permitTypesListQuery = catalogListQuery();

export const permitTypesCatalog = catalogContract('permit-types', {
  body: permitTypeBody,
  item: permitTypeItem,
  list: permitTypesListQuery,
});
