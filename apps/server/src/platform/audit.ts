import type { Area, AuditAction, AuditEntity, UserType } from '@parkade/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from './db';
import { areaPropertyId } from './db/columns';

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
  /** One of the contract's AUDITED entities. */
  entity: AuditEntity;
  entityId?: string | number | null;
  /** One of the contract's AUDIT_ACTIONS, each labelled in every language. */
  action: AuditAction;
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

/**
 * Writes one binnacle entry in the caller's transaction. The audit log is the platform's: it writes the table by
 * its SQL name (the binnacle module declares the table and shows it), so the platform imports no module.
 */
export async function writeAudit(tx: Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  const propertyId = entry.propertyId !== undefined ? entry.propertyId : actor.propertyId;
  const entityId = entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId);
  await tx.execute(sql`insert into binnacle (property_id, area, user_type, user_id, user_name, entity, entity_id,
      action, changes, ip, user_agent, request_id)
    values (${areaPropertyId(propertyId)}, ${actor.area}, ${actor.userType}, ${actor.userId}, ${actor.userName}, ${entry.entity},
      ${entityId}, ${entry.action}, ${JSON.stringify(diff(entry.old, entry.new))}::jsonb, ${actor.ip},
      ${actor.userAgent?.slice(0, 512) ?? null}, ${actor.requestId})`);
}
