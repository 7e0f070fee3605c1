import { defineModule } from '../../platform/module';
import { permitTypesRoutes } from './routes';
import * as tables from './table';
import { seedPermitTypes } from './seed';

export const permitTypesModule = defineModule({
  name: 'permit-types',
  routes: permitTypesRoutes,
  tables,
  seed: seedPermitTypes,
});
