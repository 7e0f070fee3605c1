import { isLanguage, type Language, type PermitItem } from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import type { Scope } from '../../platform/scope';
import { areaOrigin } from '../auth/service';
import { queueTemplateMail } from '../email-templates/render';
import { datesFor } from '../properties/dates';
import { tenantUsers } from '../users/table';

/**
 * Tells the resident a permit was approved (with its last day) or not approved (with the reason), in their language,
 * through the property's template (issue 37 §2): a permit the office decides is never silent. A permit for someone
 * who is not a user (its own email) is told at that address.
 */
export async function tellPermitDecision(ctx: Scope, permit: PermitItem) {
  const to = permit.resident?.email ?? permit.email;
  if (!to || (permit.status !== 'approved' && permit.status !== 'rejected')) return;
  const [who] = await ctx.tx
    .select({ language: tenantUsers.language })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.propertyId, ctx.propertyId), eq(tenantUsers.id, permit.residentId)));
  const lang: Language = isLanguage(who?.language) ? who.language : ctx.lang;
  const place = ctx.property?.name ?? 'Parkade';
  const common = { to, language: lang, propertyId: ctx.propertyId, place };
  const base = {
    name: permit.resident?.fullName ?? permit.name ?? '',
    place,
    code: permit.code,
    plate: permit.vehicle?.plate ?? '—',
    url: `${areaOrigin(ctx)}/my/permits/${permit.id}/show`,
  };
  const wake =
    permit.status === 'approved'
      ? await queueTemplateMail(ctx.tx, ctx.services.jobs, {
          ...common,
          template: 'permit-approved',
          values: {
            ...base,
            until: permit.expiresOn
              ? (await datesFor(ctx, { lang, document: true })).day(permit.expiresOn)
              : '—',
          },
        })
      : await queueTemplateMail(ctx.tx, ctx.services.jobs, {
          ...common,
          template: 'permit-rejected',
          values: { ...base, reason: permit.rejectionComment ?? '—' },
        });
  ctx.afterCommit(wake);
}
