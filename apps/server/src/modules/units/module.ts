import { defineModule } from '../../platform/module';
import { unitsRoutes } from './routes';
import * as tables from './table';

export const unitsModule = defineModule({ name: 'units', routes: unitsRoutes, tables });
