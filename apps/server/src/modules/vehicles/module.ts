import { defineModule } from '../../platform/module';
import { vehiclesRoutes } from './routes';
import * as tables from './table';

export const vehiclesModule = defineModule({ name: 'vehicles', routes: vehiclesRoutes, tables });
