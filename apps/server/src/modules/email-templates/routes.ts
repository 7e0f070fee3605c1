import {
  emailTemplateBody,
  emailTemplateListSchema,
  emailTemplatePreviewBody,
  emailTemplateSchema,
  renderedMailSchema,
} from '@parkade/contract';
import { z } from 'zod';
import { defineRoute } from '../../platform/http';
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

export const emailTemplatesRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/email-templates',
    access: 'email-templates.index',
    summary:
      'Every mail the product sends, with its variables, whether it is essential (never unsubscribed), and for each ' +
      "of the property's languages whether the property wrote its own text (else the shipped default is sent)",
    schema: { response: { 200: emailTemplateListSchema } },
    handler: (ctx) => listTemplates(ctx),
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
