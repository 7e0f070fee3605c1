import { modelsCatalog } from '@parkade/contract';
import { eq } from 'drizzle-orm';
import { defineCatalog } from '../../platform/catalog';
import { fieldError } from '../../platform/errors';
import { belongsTo, rowsByIds } from '../../platform/list-query';
import { makes } from '../makes/table';
import { models } from './table';

export const modelsService = defineCatalog({
  resource: 'models',
  table: models,
  contract: modelsCatalog,
  filters: { makeId: { type: 'number', column: models.makeId, description: "One make's models" } },
  includes: {
    make: belongsTo({
      description: 'The make (id, code, name)',
      key: (m: { makeId: number }) => m.makeId,
      load: (ctx, ids) => rowsByIds(ctx, makes, { id: makes.id, code: makes.code, name: makes.name }, ids),
    }),
  },
  unique: { models_make_name_unique: 'name' },
  async values(ctx, body) {
    const [make] = await ctx.tx.select({ id: makes.id }).from(makes).where(eq(makes.id, body.makeId));
    if (!make) throw fieldError('makeId', 'validation.invalidSelection');
    return body;
  },
});
export const modelsRoutes = modelsService.routes;
