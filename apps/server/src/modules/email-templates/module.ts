import { defineModule } from '../../platform/module';
import { emailTemplatesRoutes } from './routes';
import * as tables from './table';

export const emailTemplatesModule = defineModule({
  name: 'email-templates',
  routes: emailTemplatesRoutes,
  tables,
});
