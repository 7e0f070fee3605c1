import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, propertyIdColumn, tenantPolicy, timestamps } from '../../platform/db/columns';
import { permitTypes } from '../permit-types/table';
import { properties } from '../properties/table';
import { residents } from '../residents/table';
import { vehicles } from '../vehicles/table';

/**
 * A parking permit (tenant table). `status` is the stored workflow state (PERMIT_TRANSITIONS in the contract);
 * "expired" is computed from expires_on at read time, so a permit stops being valid the day after it ends without
 * any job running. The code is unique per property ignoring case; one vehicle has at most one live permit
 * (pending, approved or inactive). public_token addresses the permit's public check page (the printed QR code).
 */
export const permits = pgTable(
  'permits',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    code: varchar('code', { length: 30 }).notNull(),
    residentId: bigint('resident_id', { mode: 'number' }).notNull(),
    vehicleId: bigint('vehicle_id', { mode: 'number' }),
    permitTypeId: bigint('permit_type_id', { mode: 'number' })
      .notNull()
      .references(() => permitTypes.id),
    spotId: bigint('spot_id', { mode: 'number' }),
    name: varchar('name', { length: 255 }),
    email: varchar('email', { length: 255 }),
    unit: varchar('unit', { length: 255 }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    rejectionComment: varchar('rejection_comment', { length: 1000 }),
    vehicleChanges: integer('vehicle_changes').notNull().default(0),
    year: integer('year').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    approvedBy: bigint('approved_by', { mode: 'number' }),
    publicToken: varchar('public_token', { length: 43 }).notNull(),
    /** The permit's file (SPEC §3 "file (optional attachment)"): a stored file of this permit (files.entity). */
    fileId: bigint('file_id', { mode: 'number' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    foreignKey({
      name: 'permits_resident_fk',
      columns: [t.propertyId, t.residentId],
      foreignColumns: [residents.propertyId, residents.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'permits_vehicle_fk',
      columns: [t.propertyId, t.vehicleId],
      foreignColumns: [vehicles.propertyId, vehicles.id],
    }),
    uniqueIndex('permits_code_unique').on(t.propertyId, sql`lower(${t.code})`),
    uniqueIndex('permits_token_unique').on(t.propertyId, t.publicToken),
    uniqueIndex('permits_vehicle_live_unique')
      .on(t.propertyId, t.vehicleId)
      .where(sql`${t.status} in ('pending', 'approved', 'inactive') and ${t.deletedAt} is null`),
    index('permits_resident_idx').on(t.propertyId, t.residentId),
    index('permits_status_idx').on(t.propertyId, t.status, t.expiresOn),
    // The permits report: a property's permits by the day they were created (decision 0047).
    index('permits_created_idx').on(t.propertyId, t.createdAt),
    tenantPolicy('permits'),
  ],
).enableRLS();
