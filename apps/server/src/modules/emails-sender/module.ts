import { defineModule } from '../../platform/module';
import { emailsSenderRoutes } from './routes';
import * as tables from './table';

export const emailsSenderModule = defineModule({
  name: 'emails-sender',
  routes: emailsSenderRoutes,
  tables,
});
