import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ImportReject } from '@parkade/contract';
import type { SignedSnapshot } from '../documents/snapshot';
import { id, propertyIdColumn, tenantPolicy, timestamps } from '../../platform/db/columns';
import { properties } from '../properties/table';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';

/**
 * A resident: the tenant user who signs in (name, email, phone, language, password live in tenant_users, type
 * tenant-resident) and this row with what makes them a resident. The id is the tenant user's id.
 *
 * Deleting a resident is soft: deleted_at is set here and on every row deleted with them (vehicles, permits,
 * and visitors when they come) to the same instant, and the account is disabled. Restoring clears deleted_at on
 * exactly the rows that carry that instant, so the resident comes back with their vehicles and visitor history.
 */
export const residents = pgTable(
  'residents',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: bigint('id', { mode: 'number' }).notNull(),
    code: varchar('code', { length: 50 }),
    status: varchar('status', { length: 30 }).notNull().default('active'),
    leaseExpirationAt: date('lease_expiration_at', { mode: 'string' }),
    vehiclesAllowed: integer('vehicles_allowed'),
    visitorVehiclesAllowed: integer('visitor_vehicles_allowed'),
    changesAllowed: integer('changes_allowed'),
    reservationsAllowed: integer('reservations_allowed'),
    reservedPermitChanges: integer('reserved_permit_changes'),
    tempVisitorVehicles: integer('temp_visitor_vehicles'),
    visitorLimit: integer('visitor_limit'),
    signature: text('signature'),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }),
    /**
     * What the resident signed (decision 0042): the permit agreement's version, what its variables held and which logo
     * it drew (the snapshot that draws the same PDF again), and the SHA-256 of that PDF.
     */
    agreementVersion: integer('agreement_version'),
    agreementSnapshot: jsonb('agreement_snapshot').$type<SignedSnapshot>(),
    agreementSha256: varchar('agreement_sha256', { length: 64 }),
    /**
     * When the resident unsubscribed from the property's mail that is not essential (bulk mail, the policies, the
     * reminders: decision 0043), by the link in such a mail or by staff; null: they get it.
     */
    mailOptOutAt: timestamp('mail_opt_out_at', { withTimezone: true, mode: 'date' }),
    /**
     * The resident's own link (/register/residents/{token}), emailed by "resend agreement": its sha-256 and end.
     * A new link replaces the previous one.
     */
    linkTokenHash: varchar('link_token_hash', { length: 64 }),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the link was used up: the resident had registered and signed through it. From then on it opens nothing
     * but the signed agreement's PDF, for RESIDENT_LINK_DONE_MINUTES (the done step's download).
     */
    linkUsedAt: timestamp('link_used_at', { withTimezone: true, mode: 'date' }),
    /** When the resident completed their details through the link (POST /public/residents). */
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'date' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** The import that created the resident (resident_imports.id) and its spreadsheet row. */
    importId: bigint('import_id', { mode: 'number' }),
    importRow: integer('import_row'),
    /**
     * What filter[term] searches: name, email, phone, code and unit names, lower-cased, kept by
     * refreshResidentSearch on every write that changes them (one LIKE per row instead of joins per row).
     */
    search: text('search').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    foreignKey({
      name: 'residents_user_fk',
      columns: [t.propertyId, t.id],
      foreignColumns: [tenantUsers.propertyId, tenantUsers.id],
    }).onDelete('cascade'),
    uniqueIndex('residents_code_unique')
      .on(t.propertyId, sql`lower(${t.code})`)
      .where(sql`${t.code} is not null and ${t.deletedAt} is null`),
    uniqueIndex('residents_import_row_unique').on(t.propertyId, t.importId, t.importRow),
    index('residents_deleted_idx').on(t.propertyId, t.deletedAt),
    uniqueIndex('residents_link_unique')
      .on(t.propertyId, t.linkTokenHash)
      .where(sql`${t.linkTokenHash} is not null`),
    tenantPolicy('residents'),
  ],
).enableRLS();

/** The units a resident holds (one or more). */
export const residentUnits = pgTable(
  'resident_units',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    residentId: bigint('resident_id', { mode: 'number' }).notNull(),
    unitId: bigint('unit_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.residentId, t.unitId] }),
    foreignKey({
      name: 'resident_units_resident_fk',
      columns: [t.propertyId, t.residentId],
      foreignColumns: [residents.propertyId, residents.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'resident_units_unit_fk',
      columns: [t.propertyId, t.unitId],
      foreignColumns: [units.propertyId, units.id],
    }),
    index('resident_units_unit_idx').on(t.propertyId, t.unitId),
    tenantPolicy('resident_units'),
  ],
).enableRLS();

/** One residents import (POST /residents/import): its file, its progress and its outcome. */
export const residentImports = pgTable(
  'resident_imports',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    storageKey: varchar('storage_key', { length: 255 }).notNull(),
    state: varchar('state', { length: 20 }).notNull().default('queued'),
    language: varchar('language', { length: 5 }).notNull().default('en'),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    rejected: jsonb('rejected').$type<ImportReject[]>().notNull().default([]),
    message: text('message'),
    /** Each new resident is emailed their own link, in the transaction that writes them. */
    sendLinks: boolean('send_links').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' }),
    /** Who started it: a property's staff (tenant-user) or central staff (central-user); told when it ends. */
    createdByType: varchar('created_by_type', { length: 20 }),
    ...timestamps(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.id] }), tenantPolicy('resident_imports')],
).enableRLS();
