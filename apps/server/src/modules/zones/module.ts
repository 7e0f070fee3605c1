import { defineModule } from '../../platform/module';
import { zonesRoutes } from './routes';
import * as tables from './table';

export const zonesModule = defineModule({ name: 'zones', routes: zonesRoutes, tables });
