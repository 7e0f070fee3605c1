import { FIRST_USER_PERMIT_TYPE_ID } from '@parkade/contract';
import { boolean } from 'drizzle-orm/pg-core';
import { catalogTable } from '../../platform/db/catalog-table';

/**
 * Permit types. System types are seeded with fixed ids (1–6; 2 is the reserved-spot permit) and marked
 * built_in; the identity starts at 100, so types added later never take a system id.
 */
export const permitTypes = catalogTable(
  'permit_types',
  { builtIn: boolean('built_in').notNull().default(false) },
  { idStartWith: FIRST_USER_PERMIT_TYPE_ID },
);
