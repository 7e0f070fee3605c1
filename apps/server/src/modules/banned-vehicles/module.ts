import { defineModule } from '../../platform/module';
import { bannedVehiclesRoutes } from './routes';
import * as tables from './table';

export const bannedVehiclesModule = defineModule({
  name: 'banned-vehicles',
  routes: bannedVehiclesRoutes,
  tables,
});
