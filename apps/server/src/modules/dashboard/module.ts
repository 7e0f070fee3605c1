import { defineModule } from '../../platform/module';
import { dashboardRoutes } from './routes';

export const dashboardModule = defineModule({ name: 'dashboard', routes: dashboardRoutes });
