import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, propertyIdColumn, tenantPolicy, timestamps } from '../../platform/db/columns';
import { makes } from '../makes/table';
import { models } from '../models/table';
import { properties } from '../properties/table';
import { residents } from '../residents/table';
import { states } from '../states/table';

/** What the last refused renewal said: a translation key and its parameters, rendered in the reader's language. */
export interface StoredRefusal {
  key: string;
  params: Record<string, string | number>;
  /** A visitor limit (its name and the next possible instant are rendered when read). */
  limit?: string;
  at: string;
}

/**
 * A resident's caregiver (tenant table; decision 0024): a recurring visitor whose pass renews on `days` (0 = Sunday
 * … 6 = Saturday, in the property's time zone) while `status` is active. Each pass is a visitors row with
 * `caregiver_id` and `caregiver_day`, unique per caregiver and day. Deleted softly, and with the resident
 * (RESIDENT_DEPENDENTS).
 */
export const caregivers = pgTable(
  'caregivers',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    residentId: bigint('resident_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    plate: varchar('plate', { length: 15 }).notNull(),
    plateNormalized: varchar('plate_normalized', { length: 15 }).notNull(),
    stateId: bigint('state_id', { mode: 'number' }).references(() => states.id),
    makeId: bigint('make_id', { mode: 'number' }).references(() => makes.id),
    modelId: bigint('model_id', { mode: 'number' }).references(() => models.id),
    color: varchar('color', { length: 50 }),
    vehicleType: varchar('vehicle_type', { length: 20 }),
    days: integer('days').array().notNull(),
    /** CAREGIVER_STATUSES: pending, active or stopped. */
    status: varchar('status', { length: 20 }).notNull(),
    lastRefusal: jsonb('last_refusal').$type<StoredRefusal>(),
    createdBy: bigint('created_by', { mode: 'number' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    foreignKey({
      name: 'caregivers_resident_fk',
      columns: [t.propertyId, t.residentId],
      foreignColumns: [residents.propertyId, residents.id],
    }).onDelete('cascade'),
    index('caregivers_resident_idx').on(t.propertyId, t.residentId),
    // The renewal job: active caregivers of every property.
    index('caregivers_active_idx')
      .on(t.propertyId)
      .where(sql`${t.status} = 'active' and ${t.deletedAt} is null`),
    tenantPolicy('caregivers'),
  ],
).enableRLS();
