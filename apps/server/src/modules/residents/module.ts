import { defineModule } from '../../platform/module';
import { residentsRoutes } from './routes';
import * as tables from './table';

export const residentsModule = defineModule({ name: 'residents', routes: residentsRoutes, tables });
