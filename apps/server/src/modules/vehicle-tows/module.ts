import { defineModule } from '../../platform/module';
import { vehicleTowsRoutes } from './routes';
import * as tables from './table';

export const vehicleTowsModule = defineModule({ name: 'vehicle-tows', routes: vehicleTowsRoutes, tables });
