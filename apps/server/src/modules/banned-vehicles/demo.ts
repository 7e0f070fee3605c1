import { normalizePlate } from '@parkade/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { makes } from '../makes/table';
import { models } from '../models/table';
import { reasons } from '../reasons/table';
import { states } from '../states/table';
import { tenantUsers } from '../users/table';
import { reindexBans } from './service';
import { bannedVehicles } from './table';

const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

interface DemoBan {
  plate: string;
  state: string;
  make: string;
  model: string;
  color: string;
  reason: string;
  notes: string;
  from: number;
  until?: number;
  /** Lifted this many days ago, with this note. */
  lifted?: [number, string];
}

/** Demo bans: an active one and a lifted one at Oakridge, an active one with an end at Maplewood. */
const BANS: Record<'oakridge' | 'maplewood', DemoBan[]> = {
  oakridge: [
    {
      plate: 'TXR-9050',
      state: 'TX',
      make: 'Dodge',
      model: 'Charger',
      color: 'Black',
      reason: 'fire-lane',
      notes: 'Parked in the north fire lane three times after warnings.',
      from: -20,
    },
    {
      plate: 'KLM 3318',
      state: 'TX',
      make: 'Ford',
      model: 'F-150',
      color: 'White',
      reason: 'blocking',
      notes: 'Blocked the dumpster on collection days.',
      from: -90,
      lifted: [-30, 'The owner signed the parking rules.'],
    },
  ],
  maplewood: [
    {
      plate: 'ORG-7712',
      state: 'OR',
      make: 'Chevrolet',
      model: 'Malibu',
      color: 'Silver',
      reason: 'abandoned-vehicle',
      notes: 'Left in visitor parking for weeks; towed once.',
      from: -10,
      until: 170,
    },
  ],
};

export async function seedBansDemo(tx: Tx, propertyId: number, plan: 'oakridge' | 'maplewood') {
  const [manager] = await tx
    .select({ id: tenantUsers.id, name: tenantUsers.fullName })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.propertyId, propertyId), eq(tenantUsers.type, 'tenant-user')))
    .orderBy(asc(tenantUsers.id))
    .limit(1);
  const list = BANS[plan];
  const reasonRows = await tx
    .select({ id: reasons.id, code: reasons.code })
    .from(reasons)
    .where(inArray(reasons.code, [...new Set(list.map((b) => b.reason))]));
  const stateRows = await tx.select({ id: states.id, code: states.code }).from(states);
  const makeRows = await tx.select({ id: makes.id, name: makes.name }).from(makes);
  const modelRows = await tx.select({ id: models.id, name: models.name, makeId: models.makeId }).from(models);
  const ids: number[] = [];
  for (const ban of list) {
    const reasonId = reasonRows.find((r) => r.code === ban.reason)?.id;
    if (!reasonId) continue;
    const makeId = makeRows.find((m) => m.name === ban.make)?.id ?? null;
    const [row] = await tx
      .insert(bannedVehicles)
      .values({
        propertyId,
        plate: ban.plate,
        plateNormalized: normalizePlate(ban.plate),
        stateId: stateRows.find((s) => s.code === ban.state)?.id ?? null,
        makeId,
        modelId: modelRows.find((m) => m.makeId === makeId && m.name === ban.model)?.id ?? null,
        color: ban.color,
        reasonId,
        notes: ban.notes,
        bannedFrom: day(ban.from),
        bannedUntil: ban.until === undefined ? null : day(ban.until),
        bannedById: manager?.id ?? null,
        bannedByName: manager?.name ?? null,
        ...(ban.lifted
          ? {
              liftedAt: new Date(Date.now() + ban.lifted[0] * 86_400_000),
              liftedById: manager?.id ?? null,
              liftedByName: manager?.name ?? null,
              liftNote: ban.lifted[1],
            }
          : {}),
      })
      .returning({ id: bannedVehicles.id });
    ids.push(row!.id);
  }
  await reindexBans(tx, propertyId, ids);
}
