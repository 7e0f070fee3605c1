import { defineModule } from '../../platform/module';
import { spotsRoutes } from './routes';
import * as tables from './table';

export const spotsModule = defineModule({ name: 'spots', routes: spotsRoutes, tables });
