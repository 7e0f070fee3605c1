import {
  isMailTemplateKey,
  MAIL_TEMPLATE_KEYS,
  MAIL_TEMPLATES,
  strangerVariables,
  templateVariables,
  unknownVariables,
  type EmailTemplate,
  type EmailTemplateBody,
  type EmailTemplatePreviewBody,
  type EmailTemplateList,
  type Language,
  type MailTemplateKey,
  type RenderedMail,
} from '@parkade/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { HttpError, invalid, type FieldMessage } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { languagesOf } from '../../platform/languages';
import type { Scope } from '../../platform/scope';
import { writeMail } from '../outbox/mail';
import { defaultText, plainOnly, renderMailText, withPreviewLogo, type TemplateText } from './render';
import { sampleValues } from './samples';
import { emailTemplates } from './table';

/** The template a route names, or 404. */
export function templateKey(key: string): MailTemplateKey {
  if (!isMailTemplateKey(key)) throw new HttpError(404, 'emailTemplates.notFound');
  return key;
}

async function ownRows(ctx: Scope, keys: readonly MailTemplateKey[]) {
  return ctx.tx
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.propertyId, ctx.propertyId), inArray(emailTemplates.key, [...keys])));
}

/** GET /email-templates: every mail, with the property's languages and which of them it rewrote. */
export async function listTemplates(ctx: Scope): Promise<EmailTemplateList['data']> {
  const rows = await ownRows(ctx, MAIL_TEMPLATE_KEYS);
  const languages = languagesOf(ctx);
  return MAIL_TEMPLATE_KEYS.map((key) => {
    const own = rows.filter((r) => r.key === key);
    const last = own.reduce<Date | null>((a, r) => (!a || r.updatedAt > a ? r.updatedAt : a), null);
    return {
      key,
      essential: MAIL_TEMPLATES[key].essential,
      variables: [...MAIL_TEMPLATES[key].variables],
      languages: languages.map((language) => ({
        language,
        custom: own.some((r) => r.language === language),
      })),
      updatedAt: last?.toISOString() ?? null,
    };
  });
}

/** GET /email-templates/{key}: the mail in each of the property's languages, its own text or the default. */
export async function showTemplate(ctx: Scope, key: MailTemplateKey): Promise<EmailTemplate> {
  const rows = await ownRows(ctx, [key]);
  const languages = languagesOf(ctx);
  const texts: EmailTemplate['texts'] = {};
  for (const language of languages) {
    const own = rows.find((r) => r.language === language);
    const shipped = defaultText(key, language);
    texts[language] = {
      subject: own?.subject ?? shipped.subject,
      body: own?.body ?? shipped.body,
      defaultSubject: shipped.subject,
      defaultBody: shipped.body,
      custom: !!own,
      updatedAt: own?.updatedAt.toISOString() ?? null,
      updatedBy: own?.updatedBy ?? null,
    };
  }
  return {
    key,
    essential: MAIL_TEMPLATES[key].essential,
    variables: [...MAIL_TEMPLATES[key].variables],
    sample: sampleValues(ctx, key, ctx.lang),
    languages,
    texts,
  };
}

/**
 * The field errors of a text: a `{{…}}` the mail does not offer, named with the variables it does offer, at
 * `<prefix>subject` or `<prefix>body`.
 */
function variableErrors(key: MailTemplateKey, text: TemplateText, prefix: string) {
  const allowed = MAIL_TEMPLATES[key].variables as readonly string[];
  const stranger = strangerVariables(key);
  const fields: Record<string, FieldMessage[]> = {};
  const named = allowed.map((a) => `{{${a}}}`).join(', ');
  for (const part of ['subject', 'body'] as const) {
    const messages: FieldMessage[] = unknownVariables(text[part], allowed).map((v) => ({
      key: 'emailTemplates.unknownVariable',
      params: { variable: `{{${v}}}`, allowed: named },
    }));
    // A stranger's typing (a visitor's name from the poster) never goes in a subject (decision 0037).
    if (part === 'subject')
      for (const v of templateVariables(text.subject).filter((v) => stranger.includes(v)))
        messages.push({ key: 'emailTemplates.bodyOnlyVariable', params: { variable: `{{${v}}}` } });
    if (messages.length) fields[`${prefix}${part}`] = messages;
  }
  return fields;
}

/**
 * PUT /email-templates/{key}: each language sent gets the property's text, or (null) goes back to the default; the
 * others are left as they are. A text equal to the default is stored as the default (no row). Every language is
 * checked before anything is written: one unknown variable refuses the whole change (422, naming it and where).
 */
export async function saveTemplate(
  ctx: Scope,
  key: MailTemplateKey,
  body: EmailTemplateBody,
): Promise<EmailTemplate> {
  const offered = languagesOf(ctx);
  const fields: Record<string, FieldMessage[]> = {};
  const changes = Object.entries(body.texts) as [Language, TemplateText | null | undefined][];
  for (const [language, text] of changes) {
    if (!offered.includes(language))
      fields[`texts.${language}`] = [{ key: 'emailTemplates.languageNotOffered' }];
    else if (text) Object.assign(fields, variableErrors(key, text, `texts.${language}.`));
  }
  if (Object.keys(fields).length) throw invalid(fields);

  const before = await showTemplate(ctx, key);
  const by = ctx.session?.user.fullName ?? null;
  for (const [language, text] of changes) {
    if (text === undefined) continue;
    const where = and(
      eq(emailTemplates.propertyId, ctx.propertyId),
      eq(emailTemplates.key, key),
      eq(emailTemplates.language, language),
    );
    const shipped = defaultText(key, language);
    if (text === null || (text.subject === shipped.subject && text.body === shipped.body)) {
      await ctx.tx.delete(emailTemplates).where(where);
      continue;
    }
    await ctx.tx
      .insert(emailTemplates)
      .values({
        propertyId: ctx.propertyId,
        key,
        language,
        subject: text.subject,
        body: text.body,
        updatedBy: by,
      })
      .onConflictDoUpdate({
        target: [emailTemplates.propertyId, emailTemplates.key, emailTemplates.language],
        set: { subject: text.subject, body: text.body, updatedBy: by, updatedAt: new Date() },
      });
  }
  const after = await showTemplate(ctx, key);
  // One entry per language changed: its subject, body and whether it is the property's own, before and after.
  for (const [language] of changes) {
    const was = before.texts[language];
    const now = after.texts[language];
    if (!was || !now || (was.subject === now.subject && was.body === now.body && was.custom === now.custom))
      continue;
    const shown = (x: typeof was) => ({ language, subject: x.subject, body: x.body, custom: x.custom });
    await ctx.audit({
      entity: 'email_templates',
      entityId: key,
      action: 'update',
      old: shown(was),
      new: shown(now),
    });
  }
  return after;
}

/** POST /email-templates/{key}/preview: the mail a text makes with the sample values, the property's logo shown. */
export const previewTemplate = async (ctx: Scope, key: MailTemplateKey, body: EmailTemplatePreviewBody) =>
  withPreviewLogo(ctx, await sampleMail(ctx, key, body));

/**
 * The mail a text makes with the sample values, in the product's layout, its logo's place left for the sender to
 * fill (the test mail).
 */
async function sampleMail(
  ctx: Scope,
  key: MailTemplateKey,
  body: EmailTemplatePreviewBody,
): Promise<RenderedMail> {
  if (!languagesOf(ctx).includes(body.language))
    throw invalid({ language: [{ key: 'emailTemplates.languageNotOffered' }] });
  const fields = variableErrors(key, body, '');
  if (Object.keys(fields).length) throw invalid(fields);
  return renderMailText(
    body,
    body.language,
    sampleValues(ctx, key, body.language),
    ctx.property?.name ?? 'Parkade',
    { plainOnly: plainOnly(key) },
  );
}

/**
 * POST /email-templates/{key}/test: the text (saved or not) as a mail to the signed-in user's own address, with the
 * sample values and "[Test]" before its subject, through the property's mail server like the real one.
 */
export async function sendTestMail(ctx: Scope, key: MailTemplateKey, body: EmailTemplatePreviewBody) {
  return mailToSelf(ctx, await sampleMail(ctx, key, body), key, body.language);
}

/**
 * A test mail (a template's text with the sample values) to the signed-in user's own address, "[Test]" before its
 * subject, through the property's mail server; the binnacle records it on the template.
 */
export async function mailToSelf(
  ctx: Scope,
  mail: RenderedMail,
  kind: MailTemplateKey | 'custom-template',
  language: Language,
  templateId: string | null = kind,
) {
  const email = ctx.user().email;
  if (!email) throw new HttpError(422, 'emailTemplates.noEmail');
  const wake = await writeMail(ctx.tx, ctx.services.jobs, {
    to: email,
    ...mail,
    subject: `${t(language, 'emailTemplates.testSubjectPrefix')} ${mail.subject}`,
    kind,
    propertyId: ctx.propertyId,
  });
  ctx.afterCommit(wake);
  await ctx.audit({
    entity: kind === 'custom-template' ? 'custom_email_templates' : 'email_templates',
    entityId: templateId,
    action: 'test-email',
    new: { to: email, language },
  });
  return { message: t(ctx.lang, 'emailTemplates.testSent', { email }) };
}
