import { defineModule } from '../../platform/module';
import { languageCodesRoutes } from './routes';

/** The language codes view (decision 0051); its table is the langs module's (`language_codes`). */
export const languageCodesModule = defineModule({
  name: 'language-codes',
  routes: languageCodesRoutes,
});
