import { languageCodeCreateBody, languageCodeItemSchema, languageCodeUpdateBody } from '@parkade/contract';
import { z } from 'zod';
import { defineRoute } from '../../platform/http';
import * as codes from './service';

const central = ['central'] as const;
const tags = ['language-codes'];

export const languageCodesRoutes = [
  defineRoute({
    method: 'GET',
    url: '/language-codes',
    areas: central,
    access: 'language-codes.index',
    tags,
    summary:
      "Every language code (ISO 639-1) with its names, direction, whether it is offered, and its texts' coverage",
    schema: { response: { 200: z.array(languageCodeItemSchema) } },
    handler: (ctx) => codes.listLanguageCodes(ctx),
  }),
  defineRoute({
    method: 'POST',
    url: '/language-codes',
    areas: central,
    access: 'language-codes.edit',
    tags,
    summary:
      'Adds a language by its ISO 639-1 code, with its name, its name in itself and its direction; once active, ' +
      'properties may offer it and the translations template has its column (English fills missing texts)',
    schema: { body: languageCodeCreateBody, response: { 201: languageCodeItemSchema } },
    handler: async (ctx, { body }) => {
      ctx.reply.code(201);
      return codes.createLanguageCode(ctx, body);
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/language-codes/:code',
    areas: central,
    access: 'language-codes.edit',
    tags,
    summary: "A language's names, direction, and whether it is offered (English stays offered)",
    schema: {
      params: z.object({ code: z.string().min(1).max(16) }),
      body: languageCodeUpdateBody,
      response: { 200: languageCodeItemSchema },
    },
    handler: (ctx, { params, body }) => codes.updateLanguageCode(ctx, params.code.toLowerCase(), body),
  }),
];
