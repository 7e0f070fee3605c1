import { defineModule } from '../../platform/module';
import { systemSettingsRoutes } from './routes';
import * as tables from './table';

export const systemSettingsModule = defineModule({
  name: 'system-settings',
  routes: systemSettingsRoutes,
  tables,
});
