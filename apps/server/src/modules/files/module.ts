import { defineModule } from '../../platform/module';
import * as tables from './table';

export const filesModule = defineModule({ name: 'files', tables });
