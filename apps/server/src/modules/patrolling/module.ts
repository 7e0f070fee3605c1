import { defineModule } from '../../platform/module';
import { patrollingRoutes } from './routes';

export const patrollingModule = defineModule({ name: 'patrolling', routes: patrollingRoutes });
