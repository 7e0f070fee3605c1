import { defineModule } from '../../platform/module';
import { documentsRoutes } from './routes';
import * as tables from './table';

export const documentsModule = defineModule({
  name: 'documents',
  routes: documentsRoutes,
  tables,
});
