import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  id,
  plateFoldedColumn,
  plateLookupIndex,
  propertyIdColumn,
  tenantPolicy,
  timestamps,
} from '../../platform/db/columns';
import { makes } from '../makes/table';
import { models } from '../models/table';
import { permitTypes } from '../permit-types/table';
import { properties } from '../properties/table';
import { residents } from '../residents/table';

/**
 * A resident's vehicle (tenant table). The plate is kept as typed and normalised (upper case, letters and digits
 * only); the normalised plate is unique among the property's vehicles that are not deleted
 * (`vehicles_plate_unique`). spot_id names a spot of the property; it is checked on write, not by a foreign key,
 * so that deleting a spot leaves the vehicle (shown without a spot).
 */
export const vehicles = pgTable(
  'vehicles',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    residentId: bigint('resident_id', { mode: 'number' }).notNull(),
    plate: varchar('plate', { length: 15 }).notNull(),
    plateNormalized: varchar('plate_normalized', { length: 15 }).notNull(),
    plateFolded: plateFoldedColumn(),
    vinLast4: varchar('vin_last4', { length: 4 }),
    makeId: bigint('make_id', { mode: 'number' }).references(() => makes.id),
    modelId: bigint('model_id', { mode: 'number' }).references(() => models.id),
    vehicleType: varchar('vehicle_type', { length: 20 }),
    color: varchar('color', { length: 50 }),
    year: integer('year'),
    stickerNumber: varchar('sticker_number', { length: 50 }),
    temporaryPlates: boolean('temporary_plates').notNull().default(false),
    permitTypeId: bigint('permit_type_id', { mode: 'number' }).references(() => permitTypes.id),
    spotId: bigint('spot_id', { mode: 'number' }),
    notes: varchar('notes', { length: 1000 }),
    platesPhotoFileId: bigint('plates_photo_file_id', { mode: 'number' }),
    insuranceFileId: bigint('insurance_file_id', { mode: 'number' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    foreignKey({
      name: 'vehicles_resident_fk',
      columns: [t.propertyId, t.residentId],
      foreignColumns: [residents.propertyId, residents.id],
    }).onDelete('cascade'),
    uniqueIndex('vehicles_plate_unique')
      .on(t.propertyId, t.plateNormalized)
      .where(sql`${t.deletedAt} is null`),
    index('vehicles_resident_idx').on(t.propertyId, t.residentId),
    plateLookupIndex('vehicles', t.propertyId, t.plateFolded, sql`${t.deletedAt} is null`),
    tenantPolicy('vehicles'),
  ],
).enableRLS();
