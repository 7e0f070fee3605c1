import { defineModule } from '../../platform/module';
import { patrollingRoutes } from './routes';
import * as tables from './table';

export const patrollingModule = defineModule({ name: 'patrolling', routes: patrollingRoutes, tables });
