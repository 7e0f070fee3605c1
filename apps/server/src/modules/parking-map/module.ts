import { defineModule } from '../../platform/module';
import { parkingMapRoutes } from './routes';
import * as tables from './table';

export const parkingMapModule = defineModule({ name: 'parking-map', routes: parkingMapRoutes, tables });
