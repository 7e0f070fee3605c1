import { defineModule } from '../../platform/module';
import { usersRoutes } from './routes';
import * as tables from './table';

export const usersModule = defineModule({ name: 'users', routes: usersRoutes, tables });
