import { defineModule } from '../../platform/module';
import * as tables from './table';

export const vehicleTowsModule = defineModule({ name: 'vehicle-tows', tables });
