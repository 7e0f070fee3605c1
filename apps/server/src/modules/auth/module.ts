import { defineModule } from '../../platform/module';
import { authRoutes } from './routes';
import * as tables from './table';

export const authModule = defineModule({ name: 'auth', routes: authRoutes, tables });
