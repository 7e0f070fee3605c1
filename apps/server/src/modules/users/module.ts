import { defineModule } from '../../platform/module';
import * as tables from './table';

export const usersModule = defineModule({ name: 'users', tables });
