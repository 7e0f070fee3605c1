import type { ReservationStatus } from '@parkade/contract';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { id, propertyIdColumn, tenantPolicy, timestamps } from '../../platform/db/columns';
import { properties } from '../properties/table';
import { spots } from '../spots/table';
import { tenantUsers } from '../users/table';

/**
 * A spot reserved for a resident between two dates, both included (tenant table). Two reservations of one spot
 * never overlap: the exclusion constraint `reservations_no_overlap` (btree_gist, migration 0005) decides, not a
 * pre-check. A rejected request (status `rejected`) is outside the constraint (migration 0028): it no longer holds
 * the spot; a pending one does (decision 0039 §5).
 */
export const reservations = pgTable(
  'reservations',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    spotId: bigint('spot_id', { mode: 'number' }).notNull(),
    residentId: bigint('resident_id', { mode: 'number' }).notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    notes: varchar('notes', { length: 500 }),
    status: varchar('status', { length: 16 }).$type<ReservationStatus>().notNull().default('confirmed'),
    decisionComment: varchar('decision_comment', { length: 500 }),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    foreignKey({
      name: 'reservations_spot_fk',
      columns: [t.propertyId, t.spotId],
      foreignColumns: [spots.propertyId, spots.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'reservations_resident_fk',
      columns: [t.propertyId, t.residentId],
      foreignColumns: [tenantUsers.propertyId, tenantUsers.id],
    }),
    index('reservations_spot_idx').on(t.propertyId, t.spotId, t.startsOn),
    index('reservations_resident_idx').on(t.propertyId, t.residentId),
    check('reservations_status_check', sql`${t.status} in ('pending', 'confirmed', 'rejected')`),
    tenantPolicy('reservations'),
  ],
).enableRLS();
