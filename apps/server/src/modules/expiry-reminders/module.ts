import { defineModule } from '../../platform/module';
import * as tables from './table';

/** Permit and visitor permit expiry reminders (decision 0041): a job and its ledger, no routes. */
export const expiryRemindersModule = defineModule({
  name: 'expiry-reminders',
  tables,
});
