import { defineModule } from '../../platform/module';
import { makesRoutes } from './routes';
import * as tables from './table';
import { seedMakesAndModels } from './seed';

export const makesModule = defineModule({
  name: 'makes',
  routes: makesRoutes,
  tables,
  seed: seedMakesAndModels,
});
