import { defineModule } from '../../platform/module';
import { patrolReportsRoutes } from './routes';
import * as tables from './table';

export const patrolReportsModule = defineModule({
  name: 'patrol-reports',
  routes: patrolReportsRoutes,
  tables,
});
