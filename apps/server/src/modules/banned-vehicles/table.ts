import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
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
import { properties } from '../properties/table';
import { reasons } from '../reasons/table';
import { states } from '../states/table';

/**
 * A plate banned at a property (tenant table). The plate is kept as typed and normalised (`normalizePlate`, as
 * vehicles); one plate has at most one ban that is not lifted per property (`banned_vehicles_plate_unique`). A ban
 * is active while not lifted and today lies within banned_from..banned_until (no end: until lifted). Who banned and
 * who lifted are kept by id and by name (staff of the property or central staff acting on it). Photos are rows of
 * `files` owned by ('banned_vehicles', id).
 */
export const bannedVehicles = pgTable(
  'banned_vehicles',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    plate: varchar('plate', { length: 15 }).notNull(),
    plateNormalized: varchar('plate_normalized', { length: 15 }).notNull(),
    plateFolded: plateFoldedColumn(),
    stateId: bigint('state_id', { mode: 'number' }).references(() => states.id),
    makeId: bigint('make_id', { mode: 'number' }).references(() => makes.id),
    modelId: bigint('model_id', { mode: 'number' }).references(() => models.id),
    color: varchar('color', { length: 50 }),
    reasonId: bigint('reason_id', { mode: 'number' })
      .notNull()
      .references(() => reasons.id),
    notes: varchar('notes', { length: 1000 }),
    bannedFrom: date('banned_from', { mode: 'string' }).notNull(),
    bannedUntil: date('banned_until', { mode: 'string' }),
    bannedById: bigint('banned_by_id', { mode: 'number' }),
    bannedByName: varchar('banned_by_name', { length: 255 }),
    liftedAt: timestamp('lifted_at', { withTimezone: true, mode: 'date' }),
    liftedById: bigint('lifted_by_id', { mode: 'number' }),
    liftedByName: varchar('lifted_by_name', { length: 255 }),
    liftNote: varchar('lift_note', { length: 500 }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    uniqueIndex('banned_vehicles_plate_unique')
      .on(t.propertyId, t.plateNormalized)
      .where(sql`${t.liftedAt} is null`),
    index('banned_vehicles_from_idx').on(t.propertyId, t.bannedFrom),
    index('banned_vehicles_reason_idx').on(t.propertyId, t.reasonId),
    plateLookupIndex('banned_vehicles', t.propertyId, t.plateFolded, sql`${t.liftedAt} is null`),
    tenantPolicy('banned_vehicles'),
  ],
).enableRLS();
