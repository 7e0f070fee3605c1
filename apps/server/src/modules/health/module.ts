import { defineModule } from '../../platform/module';
import { healthRoutes } from './routes';

export const healthModule = defineModule({ name: 'health', routes: healthRoutes });
