import { idParams, visitorLinkSentSchema, visitorPosterSchema } from '@parkade/contract';
import { defineRoute, sendFile } from '../../platform/http';
import { currentPoster, sendPersonalLink } from './links';
import { myVisitorId } from './mine';
import { visitorPosterPdf } from './poster-pdf';

const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags: ['visitors'] };

export const visitorLinkRoutes = [
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/visitors/:id/link',
    access: 'visitors.edit',
    summary:
      'A personal registration link for a visitor registered without a plate (single use, 7 days; earlier ones ' +
      'stop working): answers the link and an SMS-ready text, and emails it when the visitor has an email',
    schema: { params: idParams, response: { 200: visitorLinkSentSchema } },
    handler: (ctx, { params }) => sendPersonalLink(ctx, params.id),
  }),
  defineRoute({
    areas: ['tenant'] as const,
    tags: ['visitors'],
    access: 'resident' as const,
    method: 'POST',
    url: '/my/visitors/:id/link',
    summary: "The same for one of the signed-in resident's visitors (another resident's visitor → 404)",
    schema: { params: idParams, response: { 200: visitorLinkSentSchema } },
    handler: async (ctx, { params }) => sendPersonalLink(ctx, await myVisitorId(ctx, params.id)),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/visitor-poster',
    access: 'visitors.create',
    summary: "The property's registration poster link (made on first use; valid 365 days)",
    schema: { response: { 200: visitorPosterSchema } },
    handler: (ctx) => currentPoster(ctx),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/visitor-poster/poster.pdf',
    access: 'visitors.create',
    rateLimit: 'document',
    summary:
      "The registration poster to print (PDF, one page): the property's logo, a QR code to its link and the " +
      'steps, in each language the property offers',
    handler: async (ctx) => sendFile(ctx.reply, await visitorPosterPdf(ctx)),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/visitor-poster/renew',
    access: 'visitors.edit',
    summary:
      'Retires the poster link (a poster taken down, a link passed around) and makes a new one: print it again',
    schema: { response: { 200: visitorPosterSchema } },
    handler: (ctx) => currentPoster(ctx, true),
  }),
];
