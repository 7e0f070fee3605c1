import { defineModule } from '../../platform/module';
import * as tables from './table';
import { seedRoles } from './seed';

export const rolesModule = defineModule({ name: 'roles', tables, seed: seedRoles });
