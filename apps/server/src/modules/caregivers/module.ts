import { defineModule } from '../../platform/module';
import { caregiversRoutes } from './routes';
import * as tables from './table';

export const caregiversModule = defineModule({ name: 'caregivers', routes: caregiversRoutes, tables });
