import { FIRST_USER_REQUEST_TYPE_ID } from '@parkade/contract';
import { boolean } from 'drizzle-orm/pg-core';
import { catalogTable } from '../../platform/db/catalog-table';

/**
 * Request types (decision 0049). System types are seeded with fixed ids (1–6; 1 is the permit a resident asked for)
 * and marked built_in; the identity starts at 100, so types added later never take a system id.
 */
export const requestTypes = catalogTable(
  'request_types',
  { builtIn: boolean('built_in').notNull().default(false) },
  { idStartWith: FIRST_USER_REQUEST_TYPE_ID },
);
