import type { Area, UserType } from '@parkade/contract';
import { binnacle } from '../modules/binnacle/table';
import type { Tx } from './db';

/** Who acts and from where: filled by the request context, or by a job for system work. */
export interface Actor {
  area: Area;
  propertyId: number | null;
  userType: UserType | null;
  userId: number | null;
  userName: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

export interface AuditEntry {
  entity: string;
  entityId?: string | number | null;
  action: string;
  old?: Record<string, unknown> | null;
  new?: Record<string, unknown> | null;
  /** Overrides the actor's property (e.g. central staff acting on one property). */
  propertyId?: number | null;
}

const SECRET = /password|secret|token|hash|encrypted/i;
const IGNORED = new Set(['updatedAt', 'updated_at']);

function normal(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'bigint') return v.toString();
  return v ?? null;
}

/** The changed attributes, old → new; secrets are recorded as changed but never stored. */
export function diff(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, { old: unknown; new: unknown }> {
  const out: Record<string, { old: unknown; new: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const k of keys) {
    if (IGNORED.has(k)) continue;
    const o = normal(before?.[k]);
    const n = normal(after?.[k]);
    if (JSON.stringify(o) === JSON.stringify(n)) continue;
    out[k] = SECRET.test(k)
      ? { old: o === null ? null : '[hidden]', new: n === null ? null : '[hidden]' }
      : { old: o, new: n };
  }
  return out;
}

/** Writes one binnacle entry in the caller's transaction. */
export async function writeAudit(tx: Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(binnacle).values({
    propertyId: entry.propertyId !== undefined ? entry.propertyId : actor.propertyId,
    area: actor.area,
    userType: actor.userType,
    userId: actor.userId,
    userName: actor.userName,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    action: entry.action,
    changes: diff(entry.old, entry.new),
    ip: actor.ip,
    userAgent: actor.userAgent?.slice(0, 512) ?? null,
    requestId: actor.requestId,
  });
}
