import { RESIDENT_LINK_DAYS, type Language } from '@parkade/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { newToken, tokenHash } from '../../platform/auth';
import type { Tx } from '../../platform/db';
import { HttpError, notFound } from '../../platform/errors';
import { firstRun, type JobRun } from '../../platform/jobs';
import { inScope, type Scope, type Services } from '../../platform/scope';
import { t } from '../../platform/i18n';
import { documentPlainText } from '../documents/output';
import { queueTemplateMail } from '../email-templates/render';
import { areaOrigin } from '../auth/service';
import { passwordResets } from '../auth/table';
import { properties } from '../properties/table';
import { tenantUsers } from '../users/table';
import { residents } from './table';
import { unsubscribeLink } from '../emails-sender/unsubscribe';

/**
 * The resident's own link (/register/residents/{token}): staff send it with "resend agreement"; the resident
 * completes their details, reads the agreement and signs it, without signing in. The token is stored as its
 * sha-256; a new link replaces the previous one; a deleted resident's link stops working (decision 0012).
 */
export async function newResidentLink(tx: Tx, propertyId: number, id: number): Promise<string> {
  const token = newToken();
  await tx
    .update(residents)
    .set({
      linkTokenHash: tokenHash(token),
      linkExpiresAt: new Date(Date.now() + RESIDENT_LINK_DAYS * 86_400_000),
      linkUsedAt: null,
    })
    .where(and(eq(residents.propertyId, propertyId), eq(residents.id, id)));
  return token;
}

/** Links that staff send (welcome, resend password) stay valid longer than a self-service reset. */
export const INVITE_LINK_HOURS = 72;
export const POLICIES_QUEUE = 'residents-parking-policies';

async function recipient(ctx: Scope, id: number) {
  const [row] = await ctx.tx
    .select({
      id: tenantUsers.id,
      email: tenantUsers.email,
      fullName: tenantUsers.fullName,
      language: tenantUsers.language,
    })
    .from(tenantUsers)
    .innerJoin(
      residents,
      and(eq(residents.propertyId, tenantUsers.propertyId), eq(residents.id, tenantUsers.id)),
    )
    .where(
      and(eq(tenantUsers.propertyId, ctx.propertyId), eq(tenantUsers.id, id), isNull(residents.deletedAt)),
    );
  if (!row) throw notFound('residents');
  if (!row.email) throw new HttpError(422, 'residents.noEmail');
  return { ...row, email: row.email, language: row.language as Language };
}

/** Emails the resident a link to choose a password (new resident without one, or "resend password"). */
export async function sendPasswordLink(ctx: Scope, id: number) {
  const to = await recipient(ctx, id);
  const token = newToken();
  await ctx.tx.insert(passwordResets).values({
    tokenHash: tokenHash(token),
    area: 'tenant',
    propertyId: ctx.propertyId,
    userId: id,
    expiresAt: new Date(Date.now() + INVITE_LINK_HOURS * 3600_000),
  });
  await ctx.tx
    .update(tenantUsers)
    .set({ recoveryAt: new Date() })
    .where(and(eq(tenantUsers.propertyId, ctx.propertyId), eq(tenantUsers.id, id)));
  const place = ctx.property?.name ?? 'Parkade';
  const link = `${areaOrigin(ctx)}/auth/reset-password?email=${encodeURIComponent(to.email)}&token=${encodeURIComponent(token)}`;
  const wake = await queueTemplateMail(ctx.tx, ctx.services.jobs, {
    template: 'resident-password',
    to: to.email,
    language: to.language,
    propertyId: ctx.propertyId,
    place,
    values: { name: to.fullName, place, link, hours: INVITE_LINK_HOURS },
  });
  ctx.afterCommit(wake);
  await ctx.audit({ entity: 'residents', entityId: id, action: 'resend-password', new: { email: to.email } });
  return { message: t(ctx.lang, 'residents.passwordLinkSent', { email: to.email }) };
}

/**
 * Emails the resident their own link (/register/residents/{token}, RESIDENT_LINK_DAYS days) to complete their
 * details and read and sign the parking agreement, without signing in.
 */
export async function sendAgreement(ctx: Scope, id: number) {
  const to = await recipient(ctx, id);
  const place = ctx.property?.name ?? 'Parkade';
  const token = await newResidentLink(ctx.tx, ctx.propertyId, id);
  const link = `${areaOrigin(ctx)}/register/residents/${token}`;
  const wake = await queueTemplateMail(ctx.tx, ctx.services.jobs, {
    template: 'resident-agreement',
    to: to.email,
    language: to.language,
    propertyId: ctx.propertyId,
    place,
    values: { name: to.fullName, place, link, days: RESIDENT_LINK_DAYS },
  });
  ctx.afterCommit(wake);
  await ctx.audit({
    entity: 'residents',
    entityId: id,
    action: 'resend-agreement',
    new: { email: to.email },
  });
  return { message: t(ctx.lang, 'residents.agreementSent', { email: to.email }) };
}

/** The residents named by a bulk action, each once: all of them the property's and not deleted, else 422. */
async function bulkResidents(ctx: Scope, ids: number[]): Promise<{ id: number; email: string | null }[]> {
  const unique = [...new Set(ids)];
  const found = await ctx.tx
    .select({ id: residents.id, email: tenantUsers.email })
    .from(residents)
    .innerJoin(
      tenantUsers,
      and(eq(tenantUsers.propertyId, residents.propertyId), eq(tenantUsers.id, residents.id)),
    )
    .where(
      and(
        eq(residents.propertyId, ctx.propertyId),
        inArray(residents.id, unique),
        isNull(residents.deletedAt),
      ),
    );
  if (found.length !== unique.length)
    throw new HttpError(422, 'vehicles.residentNotFound', undefined, {
      ids: [{ key: 'vehicles.residentNotFound' }],
    });
  return found;
}

/**
 * POST /residents/sendBulkPasswordLinks: the "resend password" of each named resident at once (after an import,
 * say), in one transaction: a link each, in their language, through the outbox. Residents without an email are
 * counted and named in the answer, not refused: their link is given at the desk.
 */
export async function sendPasswordLinks(ctx: Scope, ids: number[]) {
  const people = await bulkResidents(ctx, ids);
  const reachable = people.filter((p) => p.email);
  for (const person of reachable) await sendPasswordLink(ctx, person.id);
  const missing = people.length - reachable.length;
  const sent = t(ctx.lang, 'residents.passwordLinksSent', { count: reachable.length });
  return {
    message: missing ? `${sent} ${t(ctx.lang, 'residents.passwordLinksNoEmail', { count: missing })}` : sent,
    queued: reachable.length,
  };
}

/** POST /residents/sendBulkParkingPolice: checks the ids, then queues one job that writes the mails. */
export async function queueParkingPolicies(ctx: Scope, ids: number[]) {
  const unique = (await bulkResidents(ctx, ids)).map((r) => r.id);
  const propertyId = ctx.propertyId;
  ctx.afterCommit(() => ctx.services.jobs.send(POLICIES_QUEUE, { propertyId, ids: unique }));
  await ctx.audit({ entity: 'residents', entityId: null, action: 'mass-email', new: { ids: unique } });
  return {
    message: t(ctx.lang, 'residents.policiesQueued', { count: unique.length }),
    queued: unique.length,
  };
}

/**
 * The job: one outbox mail per resident, in their language, each woken for delivery. All of them are written in one
 * transaction with the job's entry in the ledger of jobs done: a worker killed after the commit and before the queue
 * marked the job done leaves a retry that finds the entry and writes no mail twice (decision 0053).
 */
export async function writePolicyMails(services: Services, propertyId: number, ids: number[], job: JobRun) {
  await inScope(services, { area: 'tenant', propertyId }, async (scope) => {
    const { tx } = scope;
    if (!(await firstRun(tx, POLICIES_QUEUE, job))) return;
    const [p] = await tx
      .select({ name: properties.name })
      .from(properties)
      .where(eq(properties.id, propertyId));
    if (!p) return;
    const people = await tx
      .select({
        id: tenantUsers.id,
        email: tenantUsers.email,
        fullName: tenantUsers.fullName,
        language: tenantUsers.language,
      })
      .from(tenantUsers)
      .innerJoin(
        residents,
        and(eq(residents.propertyId, tenantUsers.propertyId), eq(residents.id, tenantUsers.id)),
      )
      .where(
        and(
          eq(tenantUsers.propertyId, propertyId),
          inArray(tenantUsers.id, ids),
          isNull(residents.deletedAt),
        ),
      );
    for (const person of people) {
      if (!person.email) continue;
      const lang = person.language as Language;
      const wake = await queueTemplateMail(tx, services.jobs, {
        template: 'parking-policies',
        unsubscribe: unsubscribeLink(scope),
        to: person.email,
        language: lang,
        propertyId,
        place: p.name,
        values: {
          name: person.fullName,
          place: p.name,
          // The property's parking policies document, its variables written for this resident (decision 0042).
          policies: await documentPlainText(scope, 'parking-policies', person.id),
        },
      });
      // A mail whose wake-up fails is still in the outbox; the outbox sweep sends it. Never retry the job for it.
      scope.afterCommit(() => wake().catch(() => undefined));
    }
  });
}
