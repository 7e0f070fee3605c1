import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../platform/db/columns';
import { zones } from '../zones/table';

/** A property is a tenant (DESIGN §1). Central-owned global table: tenants read only their own row, by code. */
export const properties = pgTable(
  'properties',
  {
    id: id().primaryKey(),
    code: varchar('code', { length: 63 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    type: varchar('type', { length: 20 }).notNull().default('house'),
    zipcode: varchar('zipcode', { length: 10 }),
    city: varchar('city', { length: 120 }),
    state: varchar('state', { length: 120 }),
    country: varchar('country', { length: 120 }).default('US'),
    county: varchar('county', { length: 120 }),
    address: varchar('address', { length: 255 }),
    timezone: varchar('timezone', { length: 64 }).notNull().default('America/New_York'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accessDomain: varchar('access_domain', { length: 255 }),
    visitorDomain: varchar('visitor_domain', { length: 255 }),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{en,es,zh}'::text[]`),
    mailFromAddress: varchar('mail_from_address', { length: 255 }),
    mailUsername: varchar('mail_username', { length: 255 }),
    mailPasswordEncrypted: text('mail_password_encrypted'),
    mailHost: varchar('mail_host', { length: 255 }),
    mailPort: integer('mail_port'),
    /**
     * The explicit, audited opt-out from verified mail TLS (a relay with a self-signed certificate, or without
     * STARTTLS): mail then goes with TLS only if offered and any certificate. Off by default.
     */
    mailTlsInsecure: boolean('mail_tls_insecure').notNull().default(false),
    logoFileId: bigint('logo_file_id', { mode: 'number' }),
    /** The zone the property lies in (dashboard and patrolling pick a zone, then a property). */
    zoneId: bigint('zone_id', { mode: 'number' }).references(() => zones.id),
    /** Property settings (contract `propertySettingsSchema`): stored as sent, read through the schema's defaults. */
    settings: jsonb('settings').notNull().default({}),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('properties_code_unique').on(sql`lower(${t.code})`),
    uniqueIndex('properties_access_domain_unique').on(sql`lower(${t.accessDomain})`),
    uniqueIndex('properties_visitor_domain_unique').on(sql`lower(${t.visitorDomain})`),
    index('properties_zone_idx').on(t.zoneId),
  ],
);
