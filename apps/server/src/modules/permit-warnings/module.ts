import { defineModule } from '../../platform/module';
import { permitWarningsRoutes } from './routes';
import * as tables from './table';

export const permitWarningsModule = defineModule({
  name: 'permit-warnings',
  routes: permitWarningsRoutes,
  tables,
});
