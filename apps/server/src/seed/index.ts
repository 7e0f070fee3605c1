import type { Database } from '../platform/db';
import { seedTranslations } from '../modules/langs/seed';
import { seedRoles } from '../modules/roles/seed';
import { seedMakesAndModels } from '../modules/makes/seed';
import { seedPermitTypes } from '../modules/permit-types/seed';
import { seedReasons } from '../modules/reasons/seed';
import { seedStates } from '../modules/states/seed';
import { seedTows } from '../modules/tows/seed';
import { seedWarnings } from '../modules/warnings/seed';
import { seedDemo } from './demo';

/** Reference data every installation needs (production too), then the demo when asked and the database is empty. */
export async function seed(database: Database, options: { demo: boolean }): Promise<{ demo: boolean }> {
  return database.withScope({ area: 'central' }, async (tx) => {
    await seedTranslations(tx);
    await seedRoles(tx);
    // Global catalogs: the system permit types always, the others when empty (docs/decisions/0007).
    await seedPermitTypes(tx);
    await seedStates(tx);
    await seedReasons(tx);
    await seedWarnings(tx);
    await seedTows(tx);
    await seedMakesAndModels(tx);
    const demo = options.demo ? await seedDemo(tx) : false;
    return { demo };
  });
}
