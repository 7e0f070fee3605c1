import { defineModule } from '../../platform/module';
import { requestTypesRoutes } from './routes';
import * as tables from './table';
import { seedRequestTypes } from './seed';

export const requestTypesModule = defineModule({
  name: 'request-types',
  routes: requestTypesRoutes,
  tables,
  seed: seedRequestTypes,
});
