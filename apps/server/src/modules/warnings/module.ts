import { defineModule } from '../../platform/module';
import { warningsRoutes } from './routes';
import * as tables from './table';
import { seedWarnings } from './seed';

export const warningsModule = defineModule({
  name: 'warnings',
  routes: warningsRoutes,
  tables,
  seed: seedWarnings,
});
