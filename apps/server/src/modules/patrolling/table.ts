import type { CheckInLocationStatus, PlateLookup, PlateVerdict } from '@parkade/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, plateFoldedColumn, propertyIdColumn, tenantPolicy, timestamps } from '../../platform/db/columns';
import { properties } from '../properties/table';

/** Who did something on patrol: a central user or a property's user (ids of two tables), kept with their name. */
const officer = () => ({
  userArea: varchar('user_area', { length: 10 }).$type<'central' | 'tenant'>().notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  userName: varchar('user_name', { length: 255 }).notNull(),
});

/**
 * A patrol officer's check-in at a property (tenant table; decision 0027): when and where they checked in, the
 * location status the server decided (CHECK_IN_ALLOWED_STATUSES: refused attempts are only audited), the distance
 * to the property's coordinates; closed by the check-out with its own time and position. One active check-in per
 * officer, whatever the property: a unique index over the open rows.
 */
export const patrolCheckIns = pgTable(
  'patrol_check_ins',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    ...officer(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracyMeters: doublePrecision('accuracy_meters'),
    distanceMeters: integer('distance_meters'),
    locationStatus: varchar('location_status', { length: 20 }).$type<CheckInLocationStatus>().notNull(),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true, mode: 'date' }),
    checkoutLatitude: doublePrecision('checkout_latitude'),
    checkoutLongitude: doublePrecision('checkout_longitude'),
    checkoutDistanceMeters: integer('checkout_distance_meters'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    uniqueIndex('patrol_check_ins_one_active_idx')
      .on(t.userArea, t.userId)
      .where(sql`checked_out_at is null`),
    index('patrol_check_ins_started_idx').on(t.propertyId, t.checkedInAt),
    index('patrol_check_ins_user_idx').on(t.propertyId, t.userArea, t.userId, t.checkedInAt),
    tenantPolicy('patrol_check_ins'),
  ],
).enableRLS();

/**
 * What an officer saw during a check-in (tenant table): a plate, a spot or a place, notes, up to five photos
 * (`files` owned by ('patrol_observations', id)) and the plate lookup's answer at that moment, kept as it was so
 * later changes do not rewrite history. `clientKey` is the phone's idempotency key, unique within its round: an
 * observation queued offline and sent twice is stored once. `observedAt` is when the officer took it (the phone's clock, never in the future),
 * `createdAt` when it reached the server.
 */
export const patrolObservations = pgTable(
  'patrol_observations',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    checkInId: bigint('check_in_id', { mode: 'number' }).notNull(),
    ...officer(),
    clientKey: uuid('client_key').notNull(),
    plate: varchar('plate', { length: 15 }),
    plateNormalized: varchar('plate_normalized', { length: 15 }),
    spotId: bigint('spot_id', { mode: 'number' }),
    spotNumber: varchar('spot_number', { length: 20 }),
    place: varchar('place', { length: 255 }),
    notes: text('notes'),
    lookup: jsonb('lookup').$type<PlateLookup>(),
    /** The verdict the phone showed when the officer took it (from its offline copy), to tell them of a change. */
    shownVerdict: varchar('shown_verdict', { length: 20 }).$type<PlateVerdict>(),
    observedAt: timestamp('observed_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    foreignKey({
      name: 'patrol_observations_check_in_fk',
      columns: [t.propertyId, t.checkInId],
      foreignColumns: [patrolCheckIns.propertyId, patrolCheckIns.id],
    }),
    // The phone's key is one observation of one round (its officer's); leading with the key, it also finds who
    // else used it (decision 0038).
    uniqueIndex('patrol_observations_round_key_idx').on(t.propertyId, t.clientKey, t.checkInId),
    index('patrol_observations_check_in_idx').on(t.propertyId, t.checkInId, t.observedAt),
    index('patrol_observations_plate_idx').on(t.propertyId, t.plateNormalized),
    tenantPolicy('patrol_observations'),
  ],
).enableRLS();

/**
 * The plate lookup's read model (tenant table; decision 0032): one row per plate of the property that has a vehicle,
 * a visitor permit or a ban not lifted, with what the lookup shows of each, so that a lookup reads one row of one
 * table on its folded plate instead of seven tables. Never written by the application: database triggers on the
 * tables it derives from (vehicles, permits, visitors, banned_vehicles, resident_units, units, spots) rewrite a
 * plate's row in the statement that changed it (migration 0025, `plate_lookups_refresh`), so a permit approved is in
 * it when its transaction commits. What depends on the instant is decided when read: a permit past its end date, the
 * visitor permit that decides (`visitors`: those not ended a day before the row was written, and the latest to end),
 * a ban in force. Catalog names (make, model, ban reason) are read by id.
 */
export const plateLookups = pgTable(
  'plate_lookups',
  {
    propertyId: propertyIdColumn(),
    plateNormalized: varchar('plate_normalized', { length: 15 }).notNull(),
    plateFolded: plateFoldedColumn(),
    vehicleId: bigint('vehicle_id', { mode: 'number' }),
    vehiclePlate: varchar('vehicle_plate', { length: 15 }),
    makeId: bigint('make_id', { mode: 'number' }),
    modelId: bigint('model_id', { mode: 'number' }),
    color: varchar('color', { length: 50 }),
    units: text('units').array(),
    permitId: bigint('permit_id', { mode: 'number' }),
    permitCode: varchar('permit_code', { length: 30 }),
    permitStatus: varchar('permit_status', { length: 20 }),
    expiresOn: date('expires_on', { mode: 'string' }),
    spotId: bigint('spot_id', { mode: 'number' }),
    spotNumber: varchar('spot_number', { length: 20 }),
    visitors: jsonb('visitors').$type<PlateLookupVisitor[]>(),
    banId: bigint('ban_id', { mode: 'number' }),
    banReasonId: bigint('ban_reason_id', { mode: 'number' }),
    bannedFrom: date('banned_from', { mode: 'string' }),
    bannedUntil: date('banned_until', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.plateNormalized] }),
    index('plate_lookups_folded_plate_idx').on(t.propertyId, t.plateFolded),
    tenantPolicy('plate_lookups'),
  ],
).enableRLS();

/** A visitor permit of a plate as the read model keeps it (`plate_lookups.visitors`). */
export interface PlateLookupVisitor {
  id: number;
  code: string | null;
  status: string;
  validFrom: string | null;
  validUntil: string | null;
  /** validUntil in microseconds since 1970, compared exactly with the lookup's instant. */
  until: number | null;
  unit: string | null;
}
