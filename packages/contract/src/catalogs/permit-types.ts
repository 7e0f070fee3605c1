import { RESERVED_SPOT_PERMIT_TYPE_ID } from '../constants';
import { catalogListQuery } from './catalog';

/**
 * Permit types. The system types have stable ids (DESIGN §1): code relies on them, type 2 above all (the
 * reserved-spot permit, which needs a spot and an end date, SPEC §5). They are seeded on every installation,
 * may be renamed, and cannot be deleted. Types added by users get ids from 100 up.
 */
export const SYSTEM_PERMIT_TYPES = [
  { id: 1, code: 'resident', name: 'Resident', names: { es: 'Residente', zh: '住户' } },
  {
    id: RESERVED_SPOT_PERMIT_TYPE_ID,
    code: 'reserved-spot',
    name: 'Reserved spot',
    names: { es: 'Plaza reservada', zh: '预留车位' },
  },
  { id: 3, code: 'visitor', name: 'Visitor', names: { es: 'Visitante', zh: '访客' } },
  {
    id: 4,
    code: 'temporary-visitor',
    name: 'Temporary visitor',
    names: { es: 'Visitante temporal', zh: '临时访客' },
  },
  { id: 5, code: 'handicap', name: 'Handicap', names: { es: 'Discapacidad', zh: '无障碍' } },
  {
    id: 6,
    code: 'office-staff',
    name: 'Office staff',
    names: { es: 'Personal de oficina', zh: '办公室员工' },
  },
] as const;
/** Ids below this are reserved for system types. */
export const FIRST_USER_PERMIT_TYPE_ID = 100;
export const permitTypesListQuery = catalogListQuery();
