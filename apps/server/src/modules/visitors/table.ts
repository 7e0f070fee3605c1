import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
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
import { caregivers } from '../caregivers/table';
import { makes } from '../makes/table';
import { models } from '../models/table';
import { properties } from '../properties/table';
import { residents } from '../residents/table';
import { states } from '../states/table';

/**
 * A visitor and their visitor permit (tenant table; decision 0022). The permit columns are null for a visitor
 * without a permit ('no status'). `permit_status` is the stored workflow state (VISITOR_PERMIT_TRANSITIONS);
 * a `valid` permit counts as expired from the instant `valid_until` passes (computed in SQL at read time), and
 * refresh-expired-permits (also a scheduled job) stores `expired`. The permit code is unique per property ignoring
 * case. `public_token_hash` is the SHA-256 of the token the printed permit's QR code carries (/permit/{token}).
 * Deleted with the resident (RESIDENT_DEPENDENTS): `deleted_at` set at the resident's instant and cleared on
 * restore.
 */
export const visitors = pgTable(
  'visitors',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 255 }),
    plate: varchar('plate', { length: 15 }),
    plateNormalized: varchar('plate_normalized', { length: 15 }),
    plateFolded: plateFoldedColumn(),
    stateId: bigint('state_id', { mode: 'number' }).references(() => states.id),
    makeId: bigint('make_id', { mode: 'number' }).references(() => makes.id),
    modelId: bigint('model_id', { mode: 'number' }).references(() => models.id),
    color: varchar('color', { length: 50 }),
    vehicleType: varchar('vehicle_type', { length: 20 }),
    temporaryPlates: boolean('temporary_plates').notNull().default(false),
    residentId: bigint('resident_id', { mode: 'number' }).notNull(),
    unitId: bigint('unit_id', { mode: 'number' }),
    permitCode: varchar('permit_code', { length: 30 }),
    permitStatus: varchar('permit_status', { length: 20 }),
    validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }),
    validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }),
    statusComment: varchar('status_comment', { length: 500 }),
    overrideReason: varchar('override_reason', { length: 500 }),
    publicTokenHash: varchar('public_token_hash', { length: 64 }),
    /** VISITOR_SOURCES: staff, resident, link, poster or caregiver. */
    source: varchar('source', { length: 20 }).notNull().default('staff'),
    /** A caregiver's pass (decision 0024): the caregiver and the local day it is for (one per caregiver and day). */
    caregiverId: bigint('caregiver_id', { mode: 'number' }),
    caregiverDay: date('caregiver_day', { mode: 'string' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    foreignKey({
      name: 'visitors_resident_fk',
      columns: [t.propertyId, t.residentId],
      foreignColumns: [residents.propertyId, residents.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'visitors_caregiver_fk',
      columns: [t.propertyId, t.caregiverId],
      foreignColumns: [caregivers.propertyId, caregivers.id],
    }),
    // Never two passes for one caregiver and day, even when two renewal runs overlap.
    uniqueIndex('visitors_caregiver_day_unique')
      .on(t.propertyId, t.caregiverId, t.caregiverDay)
      .where(sql`${t.caregiverId} is not null`),
    uniqueIndex('visitors_permit_code_unique')
      .on(t.propertyId, sql`lower(${t.permitCode})`)
      .where(sql`${t.permitCode} is not null`),
    uniqueIndex('visitors_token_unique')
      .on(t.propertyId, t.publicTokenHash)
      .where(sql`${t.publicTokenHash} is not null`),
    // The limit check: one resident's permits by start (rolling window) and by end (at once).
    index('visitors_resident_idx').on(t.propertyId, t.residentId, t.validFrom),
    index('visitors_plate_idx').on(t.propertyId, t.plateNormalized),
    // The visitors report: a property's permits by the day they start (decision 0047).
    index('visitors_valid_from_idx').on(t.propertyId, t.validFrom),
    plateLookupIndex(
      'visitors',
      t.propertyId,
      t.plateFolded,
      sql`${t.deletedAt} is null and ${t.permitStatus} is not null`,
    ),
    index('visitors_expiry_idx')
      .on(t.propertyId, t.validUntil)
      .where(sql`${t.permitStatus} in ('pending', 'valid')`),
    tenantPolicy('visitors'),
  ],
).enableRLS();

/**
 * The public registration links of visitors (decision 0023); only the SHA-256 of each token is stored.
 * - `personal`: sent by a resident or staff member for one visitor they registered without a plate; single use
 *   (`used_at`), VISITOR_LINK_DAYS days; sending again retires the previous one (`revoked_at`).
 * - `poster`: the property's printed registration poster; one live at a time, VISITOR_POSTER_DAYS days, used by
 *   many visitors; its token is derived from the app secret and the row id, so the PDF can be printed again.
 * - `receipt`: given once to a visitor who registered through the poster, to follow their request (approval)
 *   and fetch their permit; never registers anything.
 */
export const visitorLinks = pgTable(
  'visitor_links',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    kind: varchar('kind', { length: 20 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    visitorId: bigint('visitor_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    foreignKey({
      name: 'visitor_links_visitor_fk',
      columns: [t.propertyId, t.visitorId],
      foreignColumns: [visitors.propertyId, visitors.id],
    }).onDelete('cascade'),
    // Looked up inside the property the request reached (its subdomain or one of its own domains).
    uniqueIndex('visitor_links_token_unique').on(t.propertyId, t.tokenHash),
    index('visitor_links_visitor_idx').on(t.propertyId, t.visitorId),
    tenantPolicy('visitor_links'),
  ],
).enableRLS();
