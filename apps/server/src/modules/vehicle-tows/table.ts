import type { PlateLookup, VehicleTowStatus } from '@parkade/contract';
import {
  bigint,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, propertyIdColumn, tenantPolicy, timestamps } from '../../platform/db/columns';
import { permitWarnings } from '../permit-warnings/table';
import { properties } from '../properties/table';
import { tows } from '../tows/table';

/**
 * A tow (tenant table; VEHICLE_TOW_TRANSITIONS): authorised by a manager from a placed warning past its grace
 * time, never without a photo taken at or after the placement. The record keeps the authorisation (who, when),
 * `readyToTowAt` (placement + the grace hours then in force), the photos it rests on (file ids), the plate lookup
 * at authorisation, and who marked it towed or cancelled it, and when. One tow per warning.
 */
export const vehicleTows = pgTable(
  'vehicle_tows',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    permitWarningId: bigint('permit_warning_id', { mode: 'number' }).notNull(),
    towId: bigint('tow_id', { mode: 'number' })
      .notNull()
      .references(() => tows.id),
    plate: varchar('plate', { length: 15 }).notNull(),
    plateNormalized: varchar('plate_normalized', { length: 15 }).notNull(),
    status: varchar('status', { length: 20 }).$type<VehicleTowStatus>().notNull().default('pending-to-tow'),
    towAuthorizationDate: timestamp('tow_authorization_date', { withTimezone: true, mode: 'date' }).notNull(),
    readyToTowAt: timestamp('ready_to_tow_at', { withTimezone: true, mode: 'date' }).notNull(),
    authorizedByArea: varchar('authorized_by_area', { length: 10 }).$type<'central' | 'tenant'>().notNull(),
    authorizedById: bigint('authorized_by_id', { mode: 'number' }).notNull(),
    authorizedByName: varchar('authorized_by_name', { length: 255 }).notNull(),
    note: varchar('note', { length: 1000 }),
    photoFileIds: jsonb('photo_file_ids').$type<number[]>().notNull(),
    lookup: jsonb('lookup').$type<PlateLookup>(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    closedById: bigint('closed_by_id', { mode: 'number' }),
    closedByName: varchar('closed_by_name', { length: 255 }),
    closeNote: varchar('close_note', { length: 1000 }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    foreignKey({
      name: 'vehicle_tows_warning_fk',
      columns: [t.propertyId, t.permitWarningId],
      foreignColumns: [permitWarnings.propertyId, permitWarnings.id],
    }),
    uniqueIndex('vehicle_tows_warning_idx').on(t.propertyId, t.permitWarningId),
    index('vehicle_tows_status_idx').on(t.propertyId, t.status, t.createdAt),
    // A month's warnings or tows of a property (the central dashboard's overview, the reports' ranges).
    index('vehicle_tows_created_idx').on(t.propertyId, t.createdAt),
    index('vehicle_tows_plate_idx').on(t.propertyId, t.plateNormalized),
    tenantPolicy('vehicle_tows'),
  ],
).enableRLS();
