import { isLanguage, type Language, type RequestStatus } from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { areaOrigin } from '../auth/service';
import { queueTemplateMail } from '../email-templates/render';
import { unsubscribeLink } from '../emails-sender/unsubscribe';
import { tenantUsers } from '../users/table';

/**
 * Mails the requester a staff reply or a change of status (decision 0049) through the property's `request-update`
 * template, in their language, besides the bell. Only a resident with an email address is mailed (staff who asked
 * their own property follow it in the bell); the mail is not essential, so a resident who unsubscribed from the
 * property's other mail is skipped and each mail carries the one-click unsubscribe (queueTemplateMail). The
 * outbox delivers it after the transaction commits.
 */
export async function mailRequester(
  ctx: Scope,
  request: { id: number; subject: string; requesterType: string; requesterId: number },
  update: { status: RequestStatus; message: string | null },
) {
  if (request.requesterType !== 'tenant-resident') return;
  const [who] = await ctx.tx
    .select({ email: tenantUsers.email, name: tenantUsers.fullName, language: tenantUsers.language })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.propertyId, ctx.propertyId), eq(tenantUsers.id, request.requesterId)));
  if (!who?.email) return;
  const language: Language = isLanguage(who.language) ? who.language : ctx.lang;
  const place = ctx.property?.name ?? 'Parkade';
  const wake = await queueTemplateMail(ctx.tx, ctx.services.jobs, {
    template: 'request-update',
    to: who.email,
    language,
    propertyId: ctx.propertyId,
    place,
    unsubscribe: unsubscribeLink(ctx),
    values: {
      name: who.name,
      place,
      request: request.subject,
      status: t(language, `requests.status.${update.status}`),
      by: ctx.user().fullName,
      message: update.message ?? '',
      url: `${areaOrigin(ctx)}/my-requests/${request.id}/show`,
    },
  });
  // A mail whose wake-up fails is still in the outbox; the outbox sweep sends it.
  ctx.afterCommit(() => wake().catch(() => undefined));
}
