import { defineModule } from '../../platform/module';
import { optionsRoutes } from './routes';

/** The options reads of every form's pickers (decision 0039 §3): routes only, derived from the contract. */
export const optionsModule = defineModule({ name: 'options', routes: optionsRoutes });
