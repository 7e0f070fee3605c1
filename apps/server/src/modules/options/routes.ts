import {
  OPTION_SOURCES,
  optionsPath,
  optionsPermissions,
  optionsResponseSchema,
  RESOURCES,
  type Area,
  type OptionSource,
  type OptionsDecl,
  type Permission,
} from '@parkade/contract';
import { defineRoute, queryOf, type RouteDef } from '../../platform/http';
import { OPTION_LISTS } from './sources';

/**
 * The options reads of every form (issue 36 §3, decision 0039), derived from the resources' `options`
 * declarations, never listed by hand: GET /<resource>/options/<source>, open to whoever holds any of the form's
 * permissions, in the resource's areas; a property's rows need the selected property centrally (X-Property).
 */
export const optionsRoutes: RouteDef[] = RESOURCES.flatMap((resource) => {
  const decl = ('options' in resource ? resource.options : undefined) as OptionsDecl | undefined;
  if (!decl) return [];
  const areas: readonly Area[] =
    'areas' in resource && resource.areas ? resource.areas : ['tenant', 'central'];
  return (Object.keys(decl) as OptionSource[]).map((source) => {
    const access = optionsPermissions(resource, source) as Permission[];
    const def = OPTION_SOURCES[source];
    const list = OPTION_LISTS[source];
    return defineRoute({
      method: 'GET',
      url: optionsPath(resource.name, source),
      areas,
      ...(def.scope === 'property' ? { propertyScoped: true } : {}),
      access,
      tags: ['options'],
      summary:
        `The ${source} the ${resource.name} form picks from, for whoever may use the form: { id, label, detail } ` +
        `sorted by label; filter[term] searches, filter[id] names chosen ones` +
        (def.filters.length ? `, filter[${def.filters.join('], filter[')}] narrows` : ''),
      schema: { querystring: list.querystring, response: { 200: optionsResponseSchema } },
      handler: (ctx) => list.list(ctx, queryOf(ctx.req)),
    });
  });
});
