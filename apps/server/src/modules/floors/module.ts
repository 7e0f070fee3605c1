import { defineModule } from '../../platform/module';
import { floorsRoutes } from './routes';
import * as tables from './table';

export const floorsModule = defineModule({ name: 'floors', routes: floorsRoutes, tables });
