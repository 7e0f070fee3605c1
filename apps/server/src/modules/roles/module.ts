import { defineModule } from '../../platform/module';
import { rolesRoutes } from './routes';
import { seedRoles } from './seed';
import * as tables from './table';

export const rolesModule = defineModule({ name: 'roles', routes: rolesRoutes, tables, seed: seedRoles });
