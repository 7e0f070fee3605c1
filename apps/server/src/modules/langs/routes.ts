import {
  translationsPreviewSchema,
  translationsSummarySchema,
  translationsUploadFields,
  translationsUploadResultSchema,
} from '@parkade/contract';
import { z } from 'zod';
import { defineRoute } from '../../platform/http';
import { requireFile } from '../../platform/uploads';
import { contentDisposition } from '../files/service';
import * as langs from './service';
import { previewTranslations, translationsTemplate } from './template';
import { uploadTranslations } from './upload';

const both = ['central', 'tenant'] as const;
const central = ['central'] as const;
const tags = ['langs'];

export const langsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/langs/codes/all',
    areas: both,
    access: 'public',
    tags,
    summary: "The active language codes in display order (on a property, the property's languages)",
    schema: { response: { 200: z.array(z.string()) } },
    handler: (ctx) => langs.activeCodes(ctx),
  }),
  defineRoute({
    method: 'GET',
    url: '/langs/download/template',
    areas: central,
    access: 'translations.download',
    rateLimit: 'export',
    tags,
    summary: 'Every interface text as an .xlsx: columns Key, en, es, zh; the uploaded texts included',
    handler: async (ctx) => {
      const buf = await translationsTemplate(ctx);
      ctx.reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition('translations.xlsx', 'attachment'));
      return buf;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/langs/preview/template',
    areas: central,
    access: 'translations.upload',
    multipart: 'spreadsheet',
    tags,
    summary:
      'What an uploaded translation file (field `file`) would change, per language (changed, emptied: old → new), ' +
      'and its errors by row; nothing is written. `hash` names the changes, for the upload',
    schema: { response: { 200: translationsPreviewSchema } },
    handler: (ctx) => previewTranslations(ctx, requireFile(ctx.files, 'file')),
  }),
  defineRoute({
    method: 'POST',
    url: '/langs/upload/template',
    areas: central,
    access: 'translations.upload',
    multipart: 'spreadsheet',
    tags,
    summary:
      'Applies an uploaded translation file (field `file`, with the previewed `hash`) in one transaction; a file ' +
      'with errors (422) or whose changes are no longer the previewed ones (409) is refused; audited',
    schema: { body: translationsUploadFields, response: { 200: translationsUploadResultSchema } },
    handler: (ctx, { body }) => uploadTranslations(ctx, requireFile(ctx.files, 'file'), body.hash),
  }),
  defineRoute({
    method: 'GET',
    url: '/translations',
    areas: central,
    access: 'translations.index',
    tags,
    summary: "The dictionaries' version and each language's coverage (keys with a text)",
    schema: { response: { 200: translationsSummarySchema } },
    handler: (ctx) => langs.summary(ctx),
  }),
  defineRoute({
    method: 'GET',
    url: '/langs/:code',
    areas: both,
    access: 'public',
    tags,
    summary:
      'Every interface text of one language, as a flat key → value map (shipped texts with the uploaded ones). ' +
      'With the current version as `v`, kept for good (cache-control immutable)',
    schema: {
      params: z.object({ code: z.string().min(1).max(16) }),
      querystring: z.object({ v: z.string().max(64).optional() }),
      response: { 200: z.record(z.string(), z.string()) },
    },
    handler: async (ctx, { params, query }) => {
      const { texts, lasting } = await langs.dictionary(ctx, params.code, query.v);
      ctx.reply.header('cache-control', lasting ? 'public, max-age=31536000, immutable' : 'no-cache');
      return texts;
    },
  }),
];
