import { defineModule } from '../../platform/module';
import { reportsRoutes } from './routes';

export const reportsModule = defineModule({ name: 'reports', routes: reportsRoutes });
