import { defineModule } from '../../platform/module';
import { spotReportsRoutes } from './routes';
import * as tables from './table';

export const spotReportsModule = defineModule({
  name: 'spot-reports',
  routes: spotReportsRoutes,
  tables,
});
