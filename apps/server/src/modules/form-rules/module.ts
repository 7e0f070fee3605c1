import { defineModule } from '../../platform/module';
import { formRulesRoutes } from './routes';
import * as tables from './table';

export const formRulesModule = defineModule({ name: 'form-rules', routes: formRulesRoutes, tables });
