import type { Database } from '../platform/db';
import { seedTranslations } from '../modules/langs/seed';
import { seedRoles } from '../modules/roles/seed';
import { seedDemo } from './demo';

/** Reference data every installation needs (production too), then the demo when asked and the database is empty. */
export async function seed(database: Database, options: { demo: boolean }): Promise<{ demo: boolean }> {
  return database.withScope({ area: 'central' }, async (tx) => {
    await seedTranslations(tx);
    await seedRoles(tx);
    const demo = options.demo ? await seedDemo(tx) : false;
    return { demo };
  });
}
