import { defineModule } from '../../platform/module';
import { twoFactorRoutes } from './routes';

export const twoFactorModule = defineModule({ name: 'two-factor', routes: twoFactorRoutes });
