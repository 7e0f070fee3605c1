import type { Database } from '../platform/db';
import { seedReference } from '../modules';
import { seedDemo } from './demo';
import { analyzeGrown } from '../platform/db/statistics';

/** Reference data every installation needs (production too), then the demo when asked and the database is empty. */
export async function seed(database: Database, options: { demo: boolean }): Promise<{ demo: boolean }> {
  return database.withScope({ area: 'central' }, async (tx) => {
    // Translations, roles and the global catalogs: the system permit types always, the others when empty
    // (docs/decisions/0007); each module's own seed, in the order of modules/index.ts.
    await seedReference(tx);
    const demo = options.demo ? await seedDemo(tx) : false;
    // A bulk write: every table it filled is analysed before the first request plans on it (decision 0039 §17).
    if (demo) await analyzeGrown(tx, null);
    return { demo };
  });
}
