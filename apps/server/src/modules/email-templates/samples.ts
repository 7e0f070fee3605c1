import {
  formatDay,
  INTL_LOCALES,
  MAIL_TEMPLATES,
  type Language,
  type MailTemplateKey,
} from '@parkade/contract';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { areaOrigin } from '../auth/service';

/** Where a mail's link leads (its sample leads to the same page, with a sample token). */
const SAMPLE_LINKS: Partial<Record<MailTemplateKey, string>> = {
  'user-invitation': '/auth/invitation/sample',
  'resident-agreement': '/register/residents/sample',
  'permit-warning-request': '/permit-warnings/1/show',
  'permit-approved': '/my/permits/1/show',
  'permit-rejected': '/my/permits/1/show',
  'reservation-approved': '/my/reservations',
  'reservation-rejected': '/my/reservations',
  'visitor-link': '/register/visitors/sample',
  'visitor-request': '/my/visitors/1/show',
  'visitor-receipt': '/register/visitors/sample',
  'visitor-approved': '/register/visitors/sample',
  'visitor-rejected': '/register/visitors/sample',
  'request-update': '/my-requests/1/show',
};

/**
 * What each variable holds in the editor's preview and a test mail: plausible values, the property's own name and
 * address, words in the preview's language. Links point at the property's own pages (they open nothing: a sample
 * token).
 */
export function sampleValues(ctx: Scope, key: MailTemplateKey, language: Language): Record<string, string> {
  const origin = areaOrigin(ctx);
  const place = ctx.property?.name ?? 'Parkade';
  const samples: Record<string, string> = {
    name: 'Alex Morgan',
    place,
    link: `${origin}${SAMPLE_LINKS[key] ?? '/auth/reset-password?email=alex%40example.com&token=sample'}`,
    url: `${origin}${SAMPLE_LINKS[key] ?? '/my'}`,
    days: '7',
    // A week from now, as the recipient reads a day in the property's zone.
    ends: formatDay(new Date(Date.now() + 7 * 86_400_000), {
      intlLocale: INTL_LOCALES[language],
      timeZone: ctx.property?.timeZone ?? 'UTC',
    }),
    hours: '72',
    inviter: 'Dana Lee',
    by: 'Dana Lee',
    resident: 'Dana Lee',
    officer: 'Sam Rivera',
    visitor: 'Jordan Smith',
    plate: 'ABC 1234',
    code: 'V-2041',
    spot: 'B-12',
    from: t(language, 'emailTemplates.sample.from'),
    to: t(language, 'emailTemplates.sample.to'),
    until: t(language, 'emailTemplates.sample.to'),
    reason: t(language, 'emailTemplates.sample.reason'),
    warning: t(language, 'emailTemplates.sample.warning'),
    where: t(language, 'emailTemplates.sample.where'),
    note: t(language, 'emailTemplates.sample.note'),
    policies: t(language, 'emailTemplates.sample.policies'),
    request: t(language, 'emailTemplates.sample.request'),
    status: t(language, 'requests.status.in-process'),
    message: t(language, 'emailTemplates.sample.message'),
  };
  return Object.fromEntries(MAIL_TEMPLATES[key].variables.map((v) => [v, samples[v] ?? v]));
}
