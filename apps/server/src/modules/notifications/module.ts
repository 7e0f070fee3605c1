import { defineModule } from '../../platform/module';
import { notificationsRoutes } from './routes';
import * as tables from './table';

export const notificationsModule = defineModule({
  name: 'notifications',
  routes: notificationsRoutes,
  tables,
});
