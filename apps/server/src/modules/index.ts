import type { Tx } from '../platform/db';
import type { RouteDef } from '../platform/http';
import type { ServerModule } from '../platform/module';
import { healthModule } from './health/module';
import { authModule } from './auth/module';
import { twoFactorModule } from './two-factor/module';
import { systemSettingsModule } from './system-settings/module';
import { langsModule } from './langs/module';
import { languageCodesModule } from './language-codes/module';
import { rolesModule } from './roles/module';
import { usersModule } from './users/module';
import { binnacleModule } from './binnacle/module';
import { outboxModule } from './outbox/module';
import { filesModule } from './files/module';
import { profileModule } from './profile/module';
import { propertiesModule } from './properties/module';
import { dashboardModule } from './dashboard/module';
import { patrollingModule } from './patrolling/module';
import { zonesModule } from './zones/module';
import { permitTypesModule } from './permit-types/module';
import { statesModule } from './states/module';
import { reasonsModule } from './reasons/module';
import { warningsModule } from './warnings/module';
import { towsModule } from './tows/module';
import { makesModule } from './makes/module';
import { modelsModule } from './models/module';
import { buildingsModule } from './buildings/module';
import { floorsModule } from './floors/module';
import { unitsModule } from './units/module';
import { spotsModule } from './spots/module';
import { parkingMapModule } from './parking-map/module';
import { reservationsModule } from './reservations/module';
import { residentsModule } from './residents/module';
import { vehiclesModule } from './vehicles/module';
import { permitsModule } from './permits/module';
import { bannedVehiclesModule } from './banned-vehicles/module';
import { spotReportsModule } from './spot-reports/module';
import { visitorsModule } from './visitors/module';
import { caregiversModule } from './caregivers/module';
import { patrolReportsModule } from './patrol-reports/module';
import { permitWarningsModule } from './permit-warnings/module';
import { vehicleTowsModule } from './vehicle-tows/module';
import { formRulesModule } from './form-rules/module';
import { emailTemplatesModule } from './email-templates/module';
import { documentsModule } from './documents/module';
import { emailsSenderModule } from './emails-sender/module';
import { optionsModule } from './options/module';
import { expiryRemindersModule } from './expiry-reminders/module';
import { notificationsModule } from './notifications/module';
import { requestTypesModule } from './request-types/module';
import { requestsModule } from './requests/module';
import { reportsModule } from './reports/module';

/**
 * Every module, once (its `module.ts` declares its routes, tables and reference seed). A new module adds one line.
 * The order is the reference seed's: translations and roles first, the permit types before the other catalogs.
 */
export const MODULES: readonly ServerModule[] = [
  healthModule,
  authModule,
  twoFactorModule,
  systemSettingsModule,
  langsModule,
  languageCodesModule,
  rolesModule,
  usersModule,
  binnacleModule,
  outboxModule,
  filesModule,
  profileModule,
  propertiesModule,
  dashboardModule,
  patrollingModule,
  zonesModule,
  permitTypesModule,
  requestTypesModule,
  statesModule,
  reasonsModule,
  warningsModule,
  towsModule,
  makesModule,
  modelsModule,
  buildingsModule,
  floorsModule,
  unitsModule,
  spotsModule,
  parkingMapModule,
  reservationsModule,
  residentsModule,
  vehiclesModule,
  permitsModule,
  bannedVehiclesModule,
  spotReportsModule,
  visitorsModule,
  caregiversModule,
  patrolReportsModule,
  permitWarningsModule,
  vehicleTowsModule,
  formRulesModule,
  emailTemplatesModule,
  documentsModule,
  emailsSenderModule,
  optionsModule,
  expiryRemindersModule,
  notificationsModule,
  requestsModule,
  reportsModule,
];

/** Every module's routes, mounted by the app in both areas as each route declares. */
export const routes: RouteDef[] = MODULES.flatMap((m) => m.routes ?? []);

/** Reference data every installation needs (production too): each module's seed, in order. */
export async function seedReference(tx: Tx): Promise<void> {
  for (const m of MODULES) await m.seed?.(tx);
}
