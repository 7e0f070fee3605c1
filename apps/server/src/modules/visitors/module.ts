import { defineModule } from '../../platform/module';
import { visitorsRoutes } from './routes';
import * as tables from './table';

export const visitorsModule = defineModule({ name: 'visitors', routes: visitorsRoutes, tables });
