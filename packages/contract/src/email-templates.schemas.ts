import { z } from 'zod';
import { LANGUAGES } from './constants';
import {
  CUSTOM_TEMPLATE_DESCRIPTION_MAX,
  CUSTOM_TEMPLATE_NAME_MAX,
  MAIL_BODY_MAX,
  MAIL_SUBJECT_MAX,
  MAIL_TEMPLATE_KEYS,
} from './email-templates';
import { bulkMailTextSchema, bulkMailTextsSchema } from './emails-sender.schemas';

const language = z.enum(LANGUAGES);
const key = z.enum(MAIL_TEMPLATE_KEYS);

/** One language of a template: what is sent, what ships, and whether the property replaced it. */
export const emailTemplateTextSchema = z.object({
  subject: z.string(),
  body: z.string(),
  defaultSubject: z.string(),
  defaultBody: z.string(),
  /** The property wrote its own text for this language (else the default is sent). */
  custom: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type EmailTemplateText = z.infer<typeof emailTemplateTextSchema>;

/** GET /email-templates: every mail the product sends, with the languages the property replaced. */
export const emailTemplateSummarySchema = z.object({
  key,
  essential: z.boolean(),
  variables: z.array(z.string()),
  /** The property's languages, each with whether its text is the property's own. */
  languages: z.array(z.object({ language, custom: z.boolean() })),
  updatedAt: z.string().nullable(),
});
export type EmailTemplateSummary = z.infer<typeof emailTemplateSummarySchema>;

/** A property's own template in a list: its name, what it is for, the languages it is written in. */
export const customTemplateSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  languages: z.array(language),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type CustomTemplateSummary = z.infer<typeof customTemplateSummarySchema>;

/** GET /email-templates: the mails the product sends, and the property's own templates. */
export const emailTemplateListSchema = z.object({
  data: z.array(emailTemplateSummarySchema),
  custom: z.array(customTemplateSummarySchema),
});
export type EmailTemplateList = z.infer<typeof emailTemplateListSchema>;

/** GET /email-templates/custom/{id}: a property's own template, its texts, the variables it may use. */
export const customTemplateSchema = customTemplateSummarySchema.extend({
  texts: z.partialRecord(language, bulkMailTextSchema),
  variables: z.array(z.string()),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type CustomTemplate = z.infer<typeof customTemplateSchema>;
export const customTemplateListSchema = z.object({ data: z.array(customTemplateSchema) });

/**
 * POST /email-templates and PUT /email-templates/custom/{id}: the whole template. A language left out has no text
 * (its readers get the first language written).
 */
export const customTemplateBody = z.object({
  name: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(CUSTOM_TEMPLATE_NAME_MAX, 'validation.max'),
  description: z.string().trim().max(CUSTOM_TEMPLATE_DESCRIPTION_MAX, 'validation.max').nullish(),
  texts: bulkMailTextsSchema,
});
export type CustomTemplateBody = z.input<typeof customTemplateBody>;

/** GET /email-templates/{key}: one template in each of the property's languages, with sample values. */
export const emailTemplateSchema = z.object({
  key,
  essential: z.boolean(),
  variables: z.array(z.string()),
  /** What each variable holds in a preview and a test mail. */
  sample: z.record(z.string(), z.string()),
  languages: z.array(language),
  texts: z.record(z.string(), emailTemplateTextSchema),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

const subject = z
  .string('validation.required')
  .trim()
  .min(1, 'validation.required')
  .max(MAIL_SUBJECT_MAX, 'validation.max');
const body = z
  .string('validation.required')
  .trim()
  .min(1, 'validation.required')
  .max(MAIL_BODY_MAX, 'validation.max');

/** A template's text in one language (a variable the mail does not offer is refused by the server: 422). */
export const emailTemplateTextBody = z.object({ subject, body });
export type EmailTemplateTextBody = z.infer<typeof emailTemplateTextBody>;

/**
 * PUT /email-templates/{key}: the languages to change — a text to send, or null to go back to the default.
 * Languages not sent are left as they are.
 */
export const emailTemplateBody = z.object({
  texts: z.partialRecord(language, emailTemplateTextBody.nullable()),
});
export type EmailTemplateBody = z.input<typeof emailTemplateBody>;

/** POST /email-templates/{key}/preview and /test: a text (saved or not) in one language, with the sample values. */
export const emailTemplatePreviewBody = emailTemplateTextBody.extend({ language });
export type EmailTemplatePreviewBody = z.infer<typeof emailTemplatePreviewBody>;

/**
 * The mail as it is sent: its subject, its plain-text part and its HTML part (the product's layout) — null for a mail
 * that quotes a stranger's typing, sent as plain text only (decision 0037).
 */
export const renderedMailSchema = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
});
export type RenderedMail = z.infer<typeof renderedMailSchema>;
