import { defineModule } from '../../platform/module';
import { langsRoutes } from './routes';
import * as tables from './table';
import { seedTranslations } from './seed';

export const langsModule = defineModule({
  name: 'langs',
  routes: langsRoutes,
  tables,
  seed: seedTranslations,
});
