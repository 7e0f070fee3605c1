import {
  customTemplateBody,
  customTemplateSchema,
  emailTemplateBody,
  emailTemplateListSchema,
  emailTemplatePreviewBody,
  emailTemplateSchema,
  renderedMailSchema,
} from '@parkade/contract';
import { z } from 'zod';
import { defineRoute } from '../../platform/http';
import {
  createCustomTemplate,
  deleteCustomTemplate,
  listCustomSummaries,
  previewCustomTemplate,
  showCustomTemplate,
  testCustomTemplate,
  updateCustomTemplate,
} from './custom';
import {
  listTemplates,
  previewTemplate,
  saveTemplate,
  sendTestMail,
  showTemplate,
  templateKey,
} from './service';

const tags = ['email-templates'];
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };
const params = z.object({ key: z.string().max(60) });
const idParams = z.object({ id: z.coerce.number().int().positive() });
/** Who writes a property's own template may preview and test it: on the create page as on the edit page. */
const writers = ['email-templates.create', 'email-templates.edit'] as const;

export const emailTemplatesRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/email-templates',
    access: 'email-templates.index',
    summary:
      'Every mail the product sends, with its variables, whether it is essential (never unsubscribed), and for each ' +
      "of the property's languages whether the property wrote its own text (else the shipped default is sent); " +
      "and the property's own templates (name, what it is for, the languages written)",
    schema: { response: { 200: emailTemplateListSchema } },
    handler: async (ctx) => ({ data: await listTemplates(ctx), custom: await listCustomSummaries(ctx) }),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/email-templates',
    access: 'email-templates.create',
    summary:
      "A template of the property's own (a name, what it is for, a subject and a body per language), to start a " +
      "bulk mail from. Its variables are the bulk mail's; another is refused (422, naming it and where)",
    schema: { body: customTemplateBody, response: { 200: customTemplateSchema } },
    handler: (ctx, { body }) => createCustomTemplate(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/email-templates/custom/preview',
    access: [...writers, 'email-templates.show'],
    summary:
      "A text of the property's own template (saved or not) as the bulk mail it makes for the sample resident. " +
      'Writes nothing',
    schema: { body: emailTemplatePreviewBody, response: { 200: renderedMailSchema } },
    handler: (ctx, { body }) => previewCustomTemplate(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/email-templates/custom/test',
    access: [...writers],
    summary: "That mail to the signed-in user's own address, its subject marked as a test",
    schema: { body: emailTemplatePreviewBody, response: { 200: z.object({ message: z.string() }) } },
    handler: (ctx, { body }) => testCustomTemplate(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/email-templates/custom/:id',
    access: 'email-templates.show',
    summary: "One of the property's own templates, with its texts and the variables it may use",
    schema: { params: idParams, response: { 200: customTemplateSchema } },
    handler: (ctx, { params }) => showCustomTemplate(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/email-templates/custom/:id',
    access: 'email-templates.edit',
    summary:
      "Replaces one of the property's own templates: its name, what it is for and its texts (a language left " +
      'out is no longer written)',
    schema: { params: idParams, body: customTemplateBody, response: { 200: customTemplateSchema } },
    handler: (ctx, { params, body }) => updateCustomTemplate(ctx, params.id, body),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/email-templates/custom/:id',
    access: 'email-templates.delete',
    summary: "Deletes one of the property's own templates; the mail sent from it keeps its words",
    schema: { params: idParams, response: { 200: z.object({ message: z.string() }) } },
    handler: (ctx, { params }) => deleteCustomTemplate(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/email-templates/:key',
    access: 'email-templates.show',
    summary:
      "One mail in each of the property's languages: the text sent (the property's own or the default), the " +
      'default, who changed it last, and the sample values of its variables',
    schema: { params, response: { 200: emailTemplateSchema } },
    handler: (ctx, { params }) => showTemplate(ctx, templateKey(params.key)),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/email-templates/:key',
    access: 'email-templates.edit',
    summary:
      "Sets the property's text of a mail in the languages sent (null: back to the default). A variable the mail " +
      'does not offer is refused (422, naming it and where); nothing is written then',
    schema: { params, body: emailTemplateBody, response: { 200: emailTemplateSchema } },
    handler: (ctx, { params, body }) => saveTemplate(ctx, templateKey(params.key), body),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/email-templates/:key/preview',
    access: 'email-templates.show',
    summary:
      'A text (saved or not) as the mail it makes with the sample values: subject, plain text and the HTML part in ' +
      "the product's layout. Writes nothing",
    schema: { params, body: emailTemplatePreviewBody, response: { 200: renderedMailSchema } },
    handler: (ctx, { params, body }) => previewTemplate(ctx, templateKey(params.key), body),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/email-templates/:key/test',
    access: 'email-templates.edit',
    summary:
      "Sends a text (saved or not) with the sample values to the signed-in user's own address, through the " +
      "property's mail server, its subject marked as a test",
    schema: { params, body: emailTemplatePreviewBody, response: { 200: z.object({ message: z.string() }) } },
    handler: (ctx, { params, body }) => sendTestMail(ctx, templateKey(params.key), body),
  }),
];
