import {
  MAIL_TEMPLATES,
  renderTemplate,
  strangerVariables,
  type Language,
  type MailTemplateKey,
  type MailVariables,
  type RenderedMail,
} from '@parkade/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import type { Jobs } from '../../platform/jobs';
import { escapeHtml } from '../../platform/html';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { unsubscribeHeaders } from '../emails-sender/unsubscribe';
import { writeMail } from '../outbox/mail';
import { residents } from '../residents/table';
import { tenantUsers } from '../users/table';
import { LOGO_SLOT, placeLogo, propertyMailLogo } from './logo';
import { emailTemplates } from './table';

/** A template's text in one language: the property's own, or the shipped default. */
export interface TemplateText {
  subject: string;
  body: string;
}

/** The shipped default of a mail in a language (the translations' text, its `{{variables}}` unwritten). */
export function defaultText(key: MailTemplateKey, language: Language): TemplateText {
  const def = MAIL_TEMPLATES[key];
  return { subject: t(language, def.subject), body: t(language, def.body) };
}

/** The text a property sends for a mail in a language: its own when it wrote one, else the default. */
export async function templateText(
  tx: Tx,
  key: MailTemplateKey,
  propertyId: number | null,
  language: Language,
): Promise<TemplateText> {
  if (propertyId !== null) {
    const [own] = await tx
      .select({ subject: emailTemplates.subject, body: emailTemplates.body })
      .from(emailTemplates)
      .where(
        and(
          eq(emailTemplates.propertyId, propertyId),
          eq(emailTemplates.key, key),
          eq(emailTemplates.language, language),
        ),
      );
    if (own) return own;
  }
  return defaultText(key, language);
}

/** Web addresses in an escaped text, made links (they are the point of most of these mails). */
const linkify = (html: string) =>
  html.replace(
    /https?:\/\/[^\s<]+[^\s<.,;:!?)"'\]]/g,
    (url) => `<a href="${url}" style="color:#1565c0">${url}</a>`,
  );

/**
 * The HTML part's content: the body's paragraphs (a blank line apart), its line breaks and its links. The template's
 * own text is escaped first, then each value is written escaped: nothing typed by anyone becomes markup.
 */
function bodyHtml(body: string, values: Readonly<Record<string, string | number>>): string {
  const written = renderTemplate(escapeHtml(body), values, escapeHtml);
  return written
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${linkify(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * The product's mail layout: the property's logo and name over the message, a footer saying who sent it. One column
 * no wider than a phone's reading width, text in the theme's colours with a dark variant (`color-scheme`; clients
 * that darken mail on their own keep the contrast), no remote images (nothing to load, nothing to track). The logo
 * has a place here (LOGO_SLOT), filled where the mail is sent or shown (logo.ts `placeLogo`): an inline part of the
 * message, above the name; on a dark page it sits on its own white tile (it is flattened on white).
 */
function layout(language: Language, subject: string, place: string, content: string): string {
  const font = `Arial,'Helvetica Neue',Helvetica,'PingFang SC','Microsoft YaHei',sans-serif`;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(subject)}</title>
<style>
@media (prefers-color-scheme: dark) {
  .pk-page { background: #10151f !important; }
  .pk-card { background: #1b2230 !important; }
  .pk-head { color: #90caf9 !important; border-color: #2c3545 !important; }
  .pk-logo { background: #ffffff !important; padding: 6px !important; }
  .pk-body { color: #e6eaf2 !important; }
  .pk-body a { color: #90caf9 !important; }
  .pk-foot { color: #a3acbd !important; }
}
</style>
</head>
<body class="pk-page" style="margin:0;padding:0;background:#f4f6fa">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" class="pk-page" style="background:#f4f6fa">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" class="pk-card" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td class="pk-head" style="padding:20px 24px;border-bottom:1px solid #e3e8f0;font:700 18px/1.3 ${font};color:#0d47a1">${LOGO_SLOT}${escapeHtml(place)}</td></tr>
<tr><td class="pk-body" style="padding:24px 24px 8px;font:16px/1.55 ${font};color:#1a2233;overflow-wrap:anywhere;word-break:break-word">${content}</td></tr>
<tr><td class="pk-foot" style="padding:8px 24px 20px;font:13px/1.4 ${font};color:#667085">${escapeHtml(t(language, 'emailTemplates.layout.sentBy', { place }))}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/**
 * A mail written from a template text: the subject and the plain-text part with the values as given, the HTML part
 * in the layout with every value escaped. A subject is one line.
 */
export function renderMailText(
  text: TemplateText,
  language: Language,
  values: Readonly<Record<string, string | number>>,
  place: string,
  { plainOnly = false }: { plainOnly?: boolean } = {},
): RenderedMail {
  const subject = renderTemplate(text.subject, values)
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();
  return {
    subject,
    text: renderTemplate(text.body, values),
    html: plainOnly ? null : layout(language, subject, place, bodyHtml(text.body, values)),
  };
}

/**
 * A rendered mail as a preview shows it: the property's logo in its place as a `data:` image (the preview frame loads
 * nothing), or the place removed when the property has no logo it can show.
 */
export async function withPreviewLogo<M extends RenderedMail>(ctx: Scope, mail: M): Promise<M> {
  if (mail.html === null) return mail;
  const logo = ctx.property ? await propertyMailLogo(ctx.tx, ctx.services.storage, ctx.property.id) : null;
  return { ...mail, html: placeLogo(mail.html, logo, 'data') };
}

/** A mail that quotes a stranger's typing goes as plain text only (decision 0037). */
export const plainOnly = (key: MailTemplateKey) => strangerVariables(key).length > 0;

/** A mail the product sends: the template, the recipient and the values of its variables. */
export interface TemplateMail<K extends MailTemplateKey> {
  template: K;
  to: string;
  language: Language;
  /** The property it is sent for (its template and SMTP), or null for the central area's mail. */
  propertyId: number | null;
  values: MailVariables<K>;
  /** The name over the message: the property's, else "Parkade". */
  place?: string;
  /**
   * Where a resident unsubscribes from mail that is not essential (the property's origin, the product's secret): such
   * mail then carries the one-click link. Without it the mail still skips a resident who unsubscribed.
   */
  unsubscribe?: { origin: string; secret: string };
}

/**
 * A resident of the property at this address: 'opted-out' when they unsubscribed, else their unsubscribe link and
 * headers (when the mail can make them), else null (not a resident: staff, a visitor).
 */
async function unsubscribeFor(
  tx: Tx,
  propertyId: number,
  email: string,
  link: { origin: string; secret: string } | undefined,
): Promise<'opted-out' | { url: string; headers: Record<string, string> } | null> {
  const [r] = await tx
    .select({ id: residents.id, optOut: residents.mailOptOutAt })
    .from(residents)
    .innerJoin(
      tenantUsers,
      and(eq(tenantUsers.propertyId, residents.propertyId), eq(tenantUsers.id, residents.id)),
    )
    .where(and(eq(residents.propertyId, propertyId), sql`lower(${tenantUsers.email}) = lower(${email})`));
  if (!r) return null;
  if (r.optOut) return 'opted-out';
  return link ? unsubscribeHeaders(link.origin, link.secret, propertyId, r.id) : null;
}

/**
 * Writes a mail from its template to the outbox in the caller's transaction (the property's text in the recipient's
 * language, else the default); the returned function wakes the delivery job (call it after commit). Every mail the
 * product sends is written here: the outbox takes no mail that did not come from a template.
 */
export async function queueTemplateMail<K extends MailTemplateKey>(
  tx: Tx,
  jobs: Jobs,
  mail: TemplateMail<K>,
): Promise<() => Promise<void>> {
  let text = await templateText(tx, mail.template, mail.propertyId, mail.language);
  const values = mail.values as Record<string, string | number>;
  // Mail that is not essential (the policies, the reminders) goes only to a resident who did not unsubscribe, and
  // carries the one-click unsubscribe (decision 0043).
  let headers: Record<string, string> | null = null;
  if (!MAIL_TEMPLATES[mail.template].essential && mail.propertyId !== null) {
    const unsub = await unsubscribeFor(tx, mail.propertyId, mail.to, mail.unsubscribe);
    if (unsub === 'opted-out') return async () => undefined;
    if (unsub) {
      headers = unsub.headers;
      text = {
        ...text,
        body: `${text.body}\n\n${t(mail.language, 'emailsSender.unsubscribeLine', { link: unsub.url })}`,
      };
    }
  }
  const rendered = renderMailText(text, mail.language, values, mail.place ?? 'Parkade', {
    plainOnly: plainOnly(mail.template),
  });
  return writeMail(tx, jobs, {
    to: mail.to,
    ...rendered,
    kind: mail.template,
    propertyId: mail.propertyId,
    headers,
  });
}

export { escapeHtml };
