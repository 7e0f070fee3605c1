import { defineModule } from '../../platform/module';
import { modelsRoutes } from './routes';
import * as tables from './table';

export const modelsModule = defineModule({ name: 'models', routes: modelsRoutes, tables });
