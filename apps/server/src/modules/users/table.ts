import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  areaPropertyIdColumn,
  id,
  propertyIdColumn,
  tenantPolicy,
  timestamps,
} from '../../platform/db/columns';
import { properties } from '../properties/table';
import { roles } from '../roles/table';

const userColumns = () => ({
  username: varchar('username', { length: 64 }),
  fullName: varchar('full_name', { length: 255 }).notNull(),
  email: varchar('email', { length: 255 }),
  phone: varchar('phone', { length: 16 }),
  passwordHash: text('password_hash').notNull(),
  roleId: bigint('role_id', { mode: 'number' }).references(() => roles.id),
  language: varchar('language', { length: 5 }).notNull().default('en'),
  active: boolean('active').notNull().default(true),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
  recoveryAt: timestamp('recovery_at', { withTimezone: true, mode: 'date' }),
  ...twoFactorColumns(),
  ...timestamps(),
});

/**
 * Two-factor sign-in (staff only; decision 0014). The TOTP secret is stored sealed with APP_SECRET
 * (platform/secrets.ts); a secret being set up waits in `pending` until a code of it is confirmed. `lastStep` is the
 * TOTP time step of the last accepted code, so a code is never accepted twice. Recovery codes are kept as SHA-256
 * hashes and removed from the array when used.
 */
const twoFactorColumns = () => ({
  twoFactorSecret: text('two_factor_secret'),
  twoFactorPendingSecret: text('two_factor_pending_secret'),
  twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true, mode: 'date' }),
  twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
  twoFactorRecoveryCodes: text('two_factor_recovery_codes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/** Central staff (user type central-user). Global table. */
export const centralUsers = pgTable('central_users', { id: id().primaryKey(), ...userColumns() }, (t) => [
  uniqueIndex('central_users_email_unique').on(sql`lower(${t.email})`),
  uniqueIndex('central_users_phone_unique').on(t.phone),
  uniqueIndex('central_users_username_unique').on(sql`lower(${t.username})`),
]);

/** Everyone who signs in on a property: staff (tenant-user), residents and visitors. Tenant table. */
export const tenantUsers = pgTable(
  'tenant_users',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    type: varchar('type', { length: 20 }).notNull().default('tenant-user'),
    ...userColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    uniqueIndex('tenant_users_email_unique').on(t.propertyId, sql`lower(${t.email})`),
    uniqueIndex('tenant_users_phone_unique').on(t.propertyId, t.phone),
    uniqueIndex('tenant_users_username_unique').on(t.propertyId, sql`lower(${t.username})`),
    index('tenant_users_type_idx').on(t.propertyId, t.type),
    tenantPolicy('tenant_users'),
  ],
).enableRLS();

/**
 * Invitations of staff users (decision 0021): a link `/auth/invitation/{token}` that sets the first password. A
 * table of both areas like `password_resets`, keyed by (area, property_id): CENTRAL_AREA_ID for a central user's. The
 * token is 256 random bits kept as its SHA-256; it serves once (`accepted_at`), until `expires_at`, and a newer
 * invitation of the same user retires it (`retired_at`). `sent_by` is the sender's id in their own area
 * (`sent_by_type`: central-user or tenant-user), since central staff invite a property's staff too.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    id: id(),
    area: varchar('area', { length: 10 }).notNull(),
    propertyId: areaPropertyIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    sentBy: bigint('sent_by', { mode: 'number' }),
    sentByType: varchar('sent_by_type', { length: 20 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    uniqueIndex('user_invitations_token_hash_unique').on(t.propertyId, t.tokenHash),
    index('user_invitations_user_idx').on(t.propertyId, t.area, t.userId, t.createdAt),
    tenantPolicy('user_invitations'),
  ],
).enableRLS();
