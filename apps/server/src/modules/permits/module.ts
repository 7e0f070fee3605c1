import { defineModule } from '../../platform/module';
import { permitsRoutes } from './routes';
import * as tables from './table';

export const permitsModule = defineModule({ name: 'permits', routes: permitsRoutes, tables });
