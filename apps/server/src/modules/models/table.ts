import { sql } from 'drizzle-orm';
import { bigint, uniqueIndex } from 'drizzle-orm/pg-core';
import { catalogTable } from '../../platform/db/catalog-table';
import { makes } from '../makes/table';

/** Vehicle models, each of one make; a name is unique within its make, ignoring case. Global catalog. */
export const models = catalogTable(
  'models',
  {
    makeId: bigint('make_id', { mode: 'number' })
      .notNull()
      .references(() => makes.id),
  },
  { indexes: (t) => [uniqueIndex('models_make_name_unique').on(t.makeId, sql`lower(${t.name})`)] },
);
