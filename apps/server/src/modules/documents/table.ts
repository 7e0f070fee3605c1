import { sql } from 'drizzle-orm';
import {
  customType,
  integer,
  jsonb,
  pgPolicy,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { DocumentLayout, DocumentText } from '@parkade/contract';
import { propertyIdColumn, SCOPE_PREDICATE } from '../../platform/db/columns';
import { properties } from '../properties/table';

/**
 * Policies of a table whose rows are written once and never changed (decision 0042): the application may read and
 * insert its property's rows, and has no UPDATE or DELETE policy, so under forced row-level security an update or a
 * delete touches no row. What a resident signed cannot be rewritten by the product.
 */
const writeOncePolicies = (table: string) => [
  pgPolicy(`${table}_read`, { as: 'permissive', for: 'select', to: 'public', using: SCOPE_PREDICATE }),
  pgPolicy(`${table}_insert`, { as: 'permissive', for: 'insert', to: 'public', withCheck: SCOPE_PREDICATE }),
];

/**
 * One saved version of a property's document of one kind (DOCUMENT_KINDS): its layout and its header, body and footer
 * per language. Every save is a new version (1, 2, …); the current one is the highest. A kind with no row is the
 * shipped default (version 0); signing it writes version 1 from the default first, so a signature always points at
 * a row.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    kind: varchar('kind', { length: 40 }).notNull(),
    version: integer('version').notNull(),
    layout: jsonb('layout').$type<DocumentLayout>().notNull(),
    texts: jsonb('texts').$type<Partial<Record<string, DocumentText>>>().notNull(),
    /** Who saved it (null: the shipped default, written when it was first signed). */
    createdBy: varchar('created_by', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.kind, t.version] }),
    ...writeOncePolicies('document_versions'),
  ],
).enableRLS();

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/**
 * Images a signed document drew (the property's logo at the time), kept by their SHA-256 so the signed PDF can be
 * drawn again, identical, after the logo changed or was removed. Written once; one row however many signed with it.
 */
export const documentAssets = pgTable(
  'document_assets',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    mimeType: varchar('mime_type', { length: 40 }).notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.sha256] }), ...writeOncePolicies('document_assets')],
).enableRLS();
