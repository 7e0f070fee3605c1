import { defineModule } from '../../platform/module';
import { profileRoutes } from './routes';

export const profileModule = defineModule({ name: 'profile', routes: profileRoutes });
