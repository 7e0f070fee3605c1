import { RESERVED_SPOT_PERMIT_TYPE_ID } from '../constants';
import { catalogListQuery } from './catalog';

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
export const permitTypesListQuery = catalogListQuery();
