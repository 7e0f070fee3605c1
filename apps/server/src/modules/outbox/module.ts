import { defineModule } from '../../platform/module';
import { outboxRoutes } from './routes';
import * as tables from './table';

export const outboxModule = defineModule({ name: 'outbox', routes: outboxRoutes, tables });
