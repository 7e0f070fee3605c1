import type { PermitWarningStatus, PlateLookup } from '@parkade/contract';
import {
  bigint,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, propertyIdColumn, tenantPolicy, timestamps } from '../../platform/db/columns';
import { patrolCheckIns, patrolObservations } from '../patrolling/table';
import { properties } from '../properties/table';
import { reasons } from '../reasons/table';
import { warnings } from '../warnings/table';

/**
 * A permit warning (tenant table; SPEC §4, PERMIT_WARNING_TRANSITIONS): asked by an officer from an observation
 * (its plate and the lookup's answer then are copied, so the warning stands as it was asked), decided by staff,
 * placed by the officer with photos (files owned by ('permit_warnings', id)). Each step keeps who (id and name)
 * and when.
 */
export const permitWarnings = pgTable(
  'permit_warnings',
  {
    propertyId: propertyIdColumn().references(() => properties.id),
    id: id(),
    observationId: bigint('observation_id', { mode: 'number' }).notNull(),
    checkInId: bigint('check_in_id', { mode: 'number' }).notNull(),
    plate: varchar('plate', { length: 15 }).notNull(),
    plateNormalized: varchar('plate_normalized', { length: 15 }).notNull(),
    warningId: bigint('warning_id', { mode: 'number' })
      .notNull()
      .references(() => warnings.id),
    reasonId: bigint('reason_id', { mode: 'number' })
      .notNull()
      .references(() => reasons.id),
    status: varchar('status', { length: 20 }).$type<PermitWarningStatus>().notNull().default('pending'),
    note: varchar('note', { length: 1000 }),
    lookup: jsonb('lookup').$type<PlateLookup>(),
    requestedByArea: varchar('requested_by_area', { length: 10 }).$type<'central' | 'tenant'>().notNull(),
    requestedById: bigint('requested_by_id', { mode: 'number' }).notNull(),
    requestedByName: varchar('requested_by_name', { length: 255 }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedById: bigint('decided_by_id', { mode: 'number' }),
    decidedByName: varchar('decided_by_name', { length: 255 }),
    decisionNote: varchar('decision_note', { length: 1000 }),
    placedAt: timestamp('placed_at', { withTimezone: true, mode: 'date' }),
    placedById: bigint('placed_by_id', { mode: 'number' }),
    placedByName: varchar('placed_by_name', { length: 255 }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.id] }),
    foreignKey({
      name: 'permit_warnings_observation_fk',
      columns: [t.propertyId, t.observationId],
      foreignColumns: [patrolObservations.propertyId, patrolObservations.id],
    }),
    foreignKey({
      name: 'permit_warnings_check_in_fk',
      columns: [t.propertyId, t.checkInId],
      foreignColumns: [patrolCheckIns.propertyId, patrolCheckIns.id],
    }),
    index('permit_warnings_status_idx').on(t.propertyId, t.status, t.createdAt),
    // A month's warnings or tows of a property (the central dashboard's overview, the reports' ranges).
    index('permit_warnings_created_idx').on(t.propertyId, t.createdAt),
    index('permit_warnings_plate_idx').on(t.propertyId, t.plateNormalized),
    index('permit_warnings_observation_idx').on(t.propertyId, t.observationId),
    tenantPolicy('permit_warnings'),
  ],
).enableRLS();
