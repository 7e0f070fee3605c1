import { normalizePlate, type BanStatus, type BannedVehicleItem, type Language } from '@parkade/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { nameIn } from '../../platform/db/catalog-table';
import type { Tx } from '../../platform/db';
import { reindexWords } from '../../platform/db/search-words';
import { HttpError, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { belongsTo, defineListResource } from '../../platform/list-query';
import { files } from '../files/table';
import { makes } from '../makes/table';
import { models } from '../models/table';
import { reasons } from '../reasons/table';
import { states } from '../states/table';
import { bannedVehicles } from './table';
import { datesFor } from '../properties/dates';

/** The audit log's and the word index's name of a ban, and the owner entity of its photos. */
export const ENTITY = 'banned_vehicles';

const b = bannedVehicles;

/** Not lifted, and today within banned from..until (no end: until lifted). */
export const activeSql = sql<boolean>`(${b.liftedAt} is null and ${b.bannedFrom} <= current_date and
  (${b.bannedUntil} is null or ${b.bannedUntil} >= current_date))`;
const statusSql = sql<BanStatus>`(case when ${b.liftedAt} is not null then 'lifted'
  when ${b.bannedFrom} > current_date then 'scheduled'
  when ${b.bannedUntil} is not null and ${b.bannedUntil} < current_date then 'ended' else 'active' end)`;
const photosSql = sql<{ id: number; name: string; mimeType: string }[]>`coalesce((select json_agg(
  json_build_object('id', f.id, 'name', f.original_name, 'mimeType', f.mime_type) order by f.id) from ${files} f
  where f.property_id = ${b.propertyId} and f.entity = ${ENTITY} and f.entity_id = ${b.id}::text), '[]'::json)`;

const columns = {
  id: b.id,
  plate: b.plate,
  plateNormalized: b.plateNormalized,
  stateId: b.stateId,
  makeId: b.makeId,
  makeName: makes.name,
  modelId: b.modelId,
  modelName: models.name,
  color: b.color,
  reasonId: b.reasonId,
  notes: b.notes,
  bannedFrom: b.bannedFrom,
  bannedUntil: b.bannedUntil,
  active: activeSql,
  status: statusSql,
  bannedById: b.bannedById,
  bannedByName: b.bannedByName,
  liftedAt: b.liftedAt,
  liftedById: b.liftedById,
  liftedByName: b.liftedByName,
  liftNote: b.liftNote,
  photos: photosSql,
  createdAt: b.createdAt,
  updatedAt: b.updatedAt,
};

const person = (id: unknown, name: unknown) =>
  typeof name === 'string' ? { id: id === null ? null : Number(id), name } : null;

function serialize(row: Record<string, unknown>): BannedVehicleItem {
  const { bannedById, bannedByName, liftedById, liftedByName, ...rest } = row;
  return {
    ...rest,
    bannedBy: person(bannedById, bannedByName),
    liftedBy: person(liftedById, liftedByName),
    liftedAt: row.liftedAt ? (row.liftedAt as Date).toISOString() : null,
    photos: (row.photos as { id: number; name: string; mimeType: string }[]).map((p) => ({
      ...p,
      id: Number(p.id),
    })),
    createdAt: (row.createdAt as Date).toISOString(),
    updatedAt: (row.updatedAt as Date).toISOString(),
  } as BannedVehicleItem;
}

const includes = {
  reason: belongsTo({
    description: 'The reason of the ban (id, code, name)',
    key: (x: BannedVehicleItem) => x.reasonId,
    load: (ctx, ids) =>
      ctx.tx
        .select({ id: reasons.id, code: reasons.code, name: nameIn(reasons, ctx.lang) })
        .from(reasons)
        .where(inArray(reasons.id, ids.map(Number))),
  }),
};

/** The state's name in the reader's language (issue 36 §9). */
const namesIn = (lang: Language) => ({ stateName: nameIn(states, lang) });

export const bannedVehiclesList = defineListResource<typeof columns, BannedVehicleItem>({
  table: b,
  select: columns,
  selectInLanguage: namesIn,
  joins: (q) =>
    q
      .leftJoin(states, eq(states.id, b.stateId))
      .leftJoin(makes, eq(makes.id, b.makeId))
      .leftJoin(models, eq(models.id, b.modelId)),
  scope: (ctx) => eq(b.propertyId, ctx.propertyId),
  filters: {
    plate: {
      type: 'custom',
      description: 'The plate as written on it, compared normalised (BZP-4471 = bzp 4471)',
      where: (values) =>
        inArray(
          b.plateNormalized,
          values.map((x) => normalizePlate(x)),
        ),
    },
    reasonId: { type: 'number', column: b.reasonId },
    stateId: { type: 'number', column: b.stateId, nullable: true },
    makeId: { type: 'number', column: b.makeId, nullable: true },
    active: {
      type: 'boolean',
      column: activeSql,
      description: '1: not lifted and covering today; 0: lifted, ended or not started',
    },
  },
  term: { words: { entity: ENTITY, key: b.id } },
  sorts: {
    plate: b.plateNormalized,
    bannedFrom: b.bannedFrom,
    bannedUntil: b.bannedUntil,
    createdAt: b.createdAt,
  },
  defaultSort: '-bannedFrom',
  serialize,
  includes,
});

export const own = (ctx: Scope, id: number) => and(eq(b.propertyId, ctx.propertyId), eq(b.id, id))!;

export async function getBannedVehicle(ctx: Scope, id: number): Promise<BannedVehicleItem> {
  const [row] = await ctx.tx
    .select({ ...columns, ...namesIn(ctx.lang) })
    .from(b)
    .leftJoin(states, eq(states.id, b.stateId))
    .leftJoin(makes, eq(makes.id, b.makeId))
    .leftJoin(models, eq(models.id, b.modelId))
    .where(own(ctx, id));
  if (!row) throw notFound(ENTITY);
  const item = serialize(row);
  for (const [name, def] of Object.entries(includes)) await def.load(ctx, [item], name, {});
  return item;
}

/**
 * Rewrites what filter[term] finds of these bans (platform/db/search-words.ts): the plate as typed and
 * normalised (so `BZP-4471`, `bzp 4471` and `bzp4471` all find it), the colour and the notes. A ban that is gone
 * loses its words.
 */
export async function reindexBans(tx: Tx, propertyId: number, ids: number[]) {
  if (!ids.length) return;
  await reindexWords(
    tx,
    ENTITY,
    propertyId,
    sql`select x.id, concat_ws(' ', x.plate, x.plate_normalized, x.color, x.notes) from ${b} x
      where x.property_id = ${propertyId} and x.id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    ids,
  );
}

/** The active ban of a plate (any way it is typed) at the request's property, or null. */
export async function activeBanFor(
  ctx: Scope,
  plate: string,
): Promise<{ id: number; bannedFrom: string; reason: string } | null> {
  const normalized = normalizePlate(plate);
  if (!normalized) return null;
  const [row] = await ctx.tx
    .select({ id: b.id, bannedFrom: b.bannedFrom, reason: nameIn(reasons, ctx.lang) })
    .from(b)
    .innerJoin(reasons, eq(reasons.id, b.reasonId))
    .where(and(eq(b.propertyId, ctx.propertyId), eq(b.plateNormalized, normalized), activeSql))
    .limit(1);
  return row ?? null;
}

/**
 * Refuses a plate with an active ban at this property: 422 whose message, and the error of `field` (the plate of
 * a vehicle, the vehicle of a permit), name the ban ("This plate is banned at this property since Nov 1, 2026:
 * Parked in a fire lane"; the day written for the reader, decision 0039 §12).
 */
export async function assertNotBanned(ctx: Scope, plate: string, field: string): Promise<void> {
  const ban = await activeBanFor(ctx, plate);
  if (!ban) return;
  // `bannedFrom` keeps the day itself, for a message stored and written again for another reader (caregivers).
  const params = {
    since: (await datesFor(ctx)).day(ban.bannedFrom),
    reason: ban.reason,
    bannedFrom: ban.bannedFrom,
  };
  throw new HttpError(422, 'bannedVehicles.banned', params, {
    [field]: [{ key: 'bannedVehicles.banned', params }],
  });
}
