import { defineModule } from '../../platform/module';
import { propertiesRoutes, propertyWriteRoutes } from './routes';
import * as tables from './table';

export const propertiesModule = defineModule({
  name: 'properties',
  routes: [...propertiesRoutes, ...propertyWriteRoutes],
  tables,
});
