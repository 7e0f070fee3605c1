import {
  CUSTOM_TEMPLATE_VARIABLES,
  CUSTOM_TEMPLATES_MAX,
  isLanguage,
  type CustomTemplate,
  type CustomTemplateBody,
  type CustomTemplateSummary,
  type EmailTemplatePreviewBody,
  type Language,
  type RenderedMail,
} from '@parkade/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { createRow, deleteRow, updateRow } from '../../platform/crud';
import { query } from '../../platform/db';
import { HttpError, invalid } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { languagesOf } from '../../platform/languages';
import type { Scope } from '../../platform/scope';
import { bulkMailAs, previewBulkMail, textErrors } from '../emails-sender/service';
import { mailToSelf } from './service';
import { customEmailTemplates } from './table';

/*
 * A property's own templates (decision 0040, "The property's own templates"): mail the property writes itself, kept
 * to start a bulk mail from. Their texts are a bulk mail's (the same variables, the same checks, the same preview):
 * a template is a bulk mail not sent yet.
 */

type Row = typeof customEmailTemplates.$inferSelect;
type Texts = Partial<Record<Language, { subject: string; body: string }>>;

const unique = { custom_email_templates_name_unique: { field: 'name', key: 'emailTemplates.nameTaken' } };

/** The languages a template is written in, in the property's order (then any other it kept). */
function writtenIn(ctx: Scope, texts: Texts): Language[] {
  const order = languagesOf(ctx);
  const written = (Object.keys(texts) as Language[]).filter((l) => isLanguage(l) && texts[l]);
  return [...order.filter((l) => written.includes(l)), ...written.filter((l) => !order.includes(l))];
}

function summaryOf(ctx: Scope, row: Row): CustomTemplateSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    languages: writtenIn(ctx, row.texts),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

function templateOf(ctx: Scope, row: Row): CustomTemplate {
  return {
    ...summaryOf(ctx, row),
    texts: row.texts,
    variables: [...CUSTOM_TEMPLATE_VARIABLES],
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

/** The property's own templates, by name. */
async function rows(ctx: Scope): Promise<Row[]> {
  return ctx.tx
    .select()
    .from(customEmailTemplates)
    .where(eq(customEmailTemplates.propertyId, ctx.propertyId))
    .orderBy(asc(sql`lower(${customEmailTemplates.name})`), asc(customEmailTemplates.id));
}

export const listCustomSummaries = async (ctx: Scope) => (await rows(ctx)).map((r) => summaryOf(ctx, r));

/** GET /emails-sender/templates: every template of the property with its texts (the sender starts from one). */
export const listCustomTemplates = async (ctx: Scope) => ({
  data: (await rows(ctx)).map((r) => templateOf(ctx, r)),
});

const where = (ctx: Scope, id: number) =>
  and(eq(customEmailTemplates.propertyId, ctx.propertyId), eq(customEmailTemplates.id, id));

/** GET /email-templates/custom/{id}. */
export async function showCustomTemplate(ctx: Scope, id: number): Promise<CustomTemplate> {
  const [row] = await ctx.tx.select().from(customEmailTemplates).where(where(ctx, id));
  if (!row) throw new HttpError(404, 'emailTemplates.notFound');
  return templateOf(ctx, row);
}

/** The texts as they are kept: the languages written, each checked as a bulk mail's (422 naming where). */
function checkedTexts(ctx: Scope, texts: Texts): Texts {
  const fields = textErrors(ctx, texts);
  if (Object.keys(fields).length) throw invalid(fields);
  return Object.fromEntries(Object.entries(texts).filter(([, v]) => v));
}

/** POST /email-templates: a new template of the property (at most CUSTOM_TEMPLATES_MAX). */
export async function createCustomTemplate(ctx: Scope, body: CustomTemplateBody): Promise<CustomTemplate> {
  const texts = checkedTexts(ctx, body.texts);
  // One template at a time per property: the count and the insert are not raced by a second create.
  await query(
    ctx.tx,
    sql`select pg_advisory_xact_lock(hashtext('custom_email_templates'), ${ctx.propertyId}::int)`,
  );
  const [kept] = await ctx.tx
    .select({ n: count() })
    .from(customEmailTemplates)
    .where(eq(customEmailTemplates.propertyId, ctx.propertyId));
  if ((kept?.n ?? 0) >= CUSTOM_TEMPLATES_MAX)
    throw new HttpError(409, 'emailTemplates.tooMany', { max: CUSTOM_TEMPLATES_MAX });
  const by = ctx.session?.user.fullName ?? null;
  const row = await createRow(
    ctx,
    customEmailTemplates,
    'custom_email_templates',
    {
      propertyId: ctx.propertyId,
      name: body.name,
      description: body.description || null,
      texts,
      createdBy: by,
      updatedBy: by,
    },
    unique,
  );
  return templateOf(ctx, row);
}

/** PUT /email-templates/custom/{id}: the whole template (a language left out is no longer written). */
export async function updateCustomTemplate(
  ctx: Scope,
  id: number,
  body: CustomTemplateBody,
): Promise<CustomTemplate> {
  await showCustomTemplate(ctx, id);
  const texts = checkedTexts(ctx, body.texts);
  const row = await updateRow(
    ctx,
    customEmailTemplates,
    'custom_email_templates',
    where(ctx, id)!,
    {
      name: body.name,
      description: body.description || null,
      texts,
      updatedBy: ctx.session?.user.fullName ?? null,
    },
    { unique },
  );
  return templateOf(ctx, row);
}

/** DELETE /email-templates/custom/{id}: the sends made from it keep their own copy of the words. */
export async function deleteCustomTemplate(ctx: Scope, id: number) {
  const row = await showCustomTemplate(ctx, id);
  await deleteRow(ctx, customEmailTemplates, 'custom_email_templates', where(ctx, id)!);
  return { message: t(ctx.lang, 'emailTemplates.deleted', { name: row.name }) };
}

/** A text as the bulk mail it makes for the sample resident (the logo shown in a preview, placed in a mail). */
async function asBulkMail(
  ctx: Scope,
  body: EmailTemplatePreviewBody,
  preview: boolean,
): Promise<RenderedMail> {
  const asked = {
    texts: { [body.language]: { subject: body.subject, body: body.body } },
    language: body.language,
  };
  const { subject, text, html } = await (preview ? previewBulkMail : bulkMailAs)(ctx, asked);
  return { subject, text, html };
}

/** POST /email-templates/custom/preview: a text as the bulk mail it makes for the sample resident. */
export const previewCustomTemplate = (ctx: Scope, body: EmailTemplatePreviewBody) =>
  asBulkMail(ctx, body, true);

/**
 * POST /email-templates/custom/test: that mail to the signed-in user's own address (a text not saved yet may be
 * tested: the binnacle records the test with no template).
 */
export async function testCustomTemplate(ctx: Scope, body: EmailTemplatePreviewBody) {
  return mailToSelf(ctx, await asBulkMail(ctx, body, false), 'custom-template', body.language, null);
}
