import { defineModule } from '../../platform/module';
import { towsRoutes } from './routes';
import * as tables from './table';
import { seedTows } from './seed';

export const towsModule = defineModule({ name: 'tows', routes: towsRoutes, tables, seed: seedTows });
