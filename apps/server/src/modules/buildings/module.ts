import { defineModule } from '../../platform/module';
import { buildingsRoutes } from './routes';
import * as tables from './table';

export const buildingsModule = defineModule({ name: 'buildings', routes: buildingsRoutes, tables });
