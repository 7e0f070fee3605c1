import { defineModule } from '../../platform/module';
import { binnacleRoutes } from './routes';
import * as tables from './table';

export const binnacleModule = defineModule({ name: 'binnacle', routes: binnacleRoutes, tables });
