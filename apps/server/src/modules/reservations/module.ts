import { defineModule } from '../../platform/module';
import { reservationsRoutes } from './routes';
import * as tables from './table';

export const reservationsModule = defineModule({ name: 'reservations', routes: reservationsRoutes, tables });
