import type { RenderedMail } from '@parkade/contract';
import type { RouteDef } from '../../platform/http';
import { defineModule } from '../../platform/module';
import { withPreviewLogo } from './render';
import { emailTemplatesRoutes } from './routes';
import * as tables from './table';

/**
 * The editor's preview shows the property's logo as the mail will (a `data:` image: the preview frame loads nothing).
 * Put here around the route's own answer while the templates' service is being rewritten (custom templates, issue 37):
 * it belongs in `previewTemplate` itself (`return withPreviewLogo(ctx, renderMailText(…))`), and then goes from here.
 */
const isPreview = (route: { method: string; url: string }) =>
  route.method === 'POST' && route.url === '/email-templates/:key/preview';
if (!emailTemplatesRoutes.some(isPreview))
  throw new Error(
    'email-templates/module.ts: the preview route moved; show the logo in previewTemplate itself',
  );
const routes = emailTemplatesRoutes.map((route): RouteDef =>
  isPreview(route)
    ? {
        ...(route as RouteDef),
        handler: async (ctx, input) =>
          withPreviewLogo(ctx, (await (route as RouteDef).handler(ctx, input)) as RenderedMail),
      }
    : (route as RouteDef),
);

export const emailTemplatesModule = defineModule({
  name: 'email-templates',
  routes,
  tables,
});
