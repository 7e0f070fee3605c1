import { date, timestamp } from 'drizzle-orm/pg-core';
import { catalogTable } from '../../platform/db/catalog-table';

/** Tow types (standard tow, impound, relocation…) with their two dates (SPEC §3). Global catalog. */
export const tows = catalogTable('tows', {
  towAuthorizationDate: date('tow_authorization_date', { mode: 'string' }),
  readyToTowAt: timestamp('ready_to_tow_at', { withTimezone: true, mode: 'date' }),
});
