import { z } from 'zod';
import { defineRoute } from '../../platform/http';
import * as langs from './service';

const both = ['central', 'tenant'] as const;
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
    url: '/langs/:code',
    areas: both,
    access: 'public',
    tags,
    summary: 'Every interface text of one language, as a flat key → value map',
    schema: {
      params: z.object({ code: z.string().min(1).max(16) }),
      response: { 200: z.record(z.string(), z.string()) },
    },
    handler: (ctx, { params }) => langs.dictionary(ctx, params.code),
  }),
];
