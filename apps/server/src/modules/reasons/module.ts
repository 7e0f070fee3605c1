import { defineModule } from '../../platform/module';
import { reasonsRoutes } from './routes';
import * as tables from './table';
import { seedReasons } from './seed';

export const reasonsModule = defineModule({
  name: 'reasons',
  routes: reasonsRoutes,
  tables,
  seed: seedReasons,
});
