import { defineModule } from '../../platform/module';
import * as tables from './table';

export const permitWarningsModule = defineModule({ name: 'permit-warnings', tables });
