import { FIRST_USER_PERMIT_TYPE_ID } from '@parkade/contract';
import { boolean } from 'drizzle-orm/pg-core';
import { catalogTable } from '../../platform/db/catalog-table';

/**
 * Permit types. System types are seeded with fixed ids (1–6; 2 is the reserved-spot permit) and marked
 * built_in; the identity starts at 100, so types added later never take a system id. vehicle_required says
 * whether its permits must name a vehicle.
 */
export const permitTypes = catalogTable(
  'permit_types',
  {
    builtIn: boolean('built_in').notNull().default(false),
    /** A permit of this type names a vehicle (decision 0039 §11); every type did until then. */
    vehicleRequired: boolean('vehicle_required').notNull().default(true),
  },
  { idStartWith: FIRST_USER_PERMIT_TYPE_ID },
);
