import { defineModule } from '../../platform/module';
import { requestsRoutes } from './routes';
import * as tables from './table';

export const requestsModule = defineModule({
  name: 'requests',
  routes: requestsRoutes,
  tables,
});
