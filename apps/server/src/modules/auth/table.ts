import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { areaPropertyIdColumn, id, tenantPolicy } from '../../platform/db/columns';

/**
 * Sessions and reset tokens serve both areas, keyed by (area, property_id): the central area's rows carry
 * CENTRAL_AREA_ID (decision 0057). A token is looked up within its property (the request's host names it), so
 * property_id leads every key; forced RLS hides every other property's tokens, and platform/auth.ts checks area and
 * property on every lookup as well.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    area: varchar('area', { length: 10 }).notNull(),
    propertyId: areaPropertyIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    remember: boolean('remember').notNull().default(false),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    uniqueIndex('sessions_token_hash_unique').on(t.propertyId, t.tokenHash),
    index('sessions_user_idx').on(t.propertyId, t.area, t.userId),
    tenantPolicy('sessions'),
  ],
).enableRLS();

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    area: varchar('area', { length: 10 }).notNull(),
    propertyId: areaPropertyIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    uniqueIndex('password_resets_token_hash_unique').on(t.propertyId, t.tokenHash),
    index('password_resets_user_idx').on(t.propertyId, t.area, t.userId),
    tenantPolicy('password_resets'),
  ],
).enableRLS();

/**
 * The second step of a two-factor sign-in: a right password for an enrolled user gives a challenge (its SHA-256 here,
 * like a session token), valid a few minutes, single-use, to be answered with a code. Keyed like sessions.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: id(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    area: varchar('area', { length: 10 }).notNull(),
    propertyId: areaPropertyIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    remember: boolean('remember').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    uniqueIndex('login_challenges_token_hash_unique').on(t.propertyId, t.tokenHash),
    index('login_challenges_user_idx').on(t.propertyId, t.area, t.userId),
    tenantPolicy('login_challenges'),
  ],
).enableRLS();
