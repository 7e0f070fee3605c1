import { defineModule } from '../../platform/module';
import * as tables from './table';

export const patrolReportsModule = defineModule({ name: 'patrol-reports', tables });
