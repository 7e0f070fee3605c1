import { defineModule } from '../../platform/module';
import { statesRoutes } from './routes';
import * as tables from './table';
import { seedStates } from './seed';

export const statesModule = defineModule({ name: 'states', routes: statesRoutes, tables, seed: seedStates });
