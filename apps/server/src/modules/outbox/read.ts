import { outboxBodyKept, type OutboxMail, type OutboxStatus } from '@parkade/contract';
import { eq } from 'drizzle-orm';
import { notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { properties } from '../properties/table';
import { mailOutbox } from './table';

/** The web addresses in a mail's text, in order, each once (a sentence's closing punctuation is not part of one). */
export function linksOf(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  return [...new Set(found.map((l) => l.replace(/[.,;:!?)\]]+$/, '')))];
}

/**
 * GET /outbox/:id (central, outbox.show): one mail, with its text and links while it was not sent. A sent mail's
 * body was dropped on delivery (deliverMail); it is never answered even if a row still had one. Reading a kept
 * body is audited.
 */
export async function outboxMail(ctx: Scope, id: number): Promise<OutboxMail> {
  const [row] = await ctx.tx.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw notFound('mail_outbox');
  const status = row.status as OutboxStatus;
  const kept = outboxBodyKept(status);
  const [property] = row.propertyId
    ? await ctx.tx
        .select({ id: properties.id, code: properties.code, name: properties.name })
        .from(properties)
        .where(eq(properties.id, row.propertyId))
    : [];
  // Its body may hold a live single-use link (a reset, an invitation): who read it is recorded.
  if (kept)
    await ctx.audit({ entity: 'mail_outbox', entityId: row.id, action: 'read', propertyId: row.propertyId });
  return {
    id: row.id,
    propertyId: row.propertyId,
    to: row.to,
    subject: row.subject,
    kind: row.kind,
    status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    property: property ?? null,
    text: kept ? row.text : null,
    links: kept ? linksOf(row.text) : [],
  };
}
