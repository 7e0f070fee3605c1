import type { RouteDef } from '../platform/http';
import { authRoutes } from './auth/routes';
import { binnacleRoutes } from './binnacle/routes';
import { healthRoutes } from './health/routes';
import { langsRoutes } from './langs/routes';
import { outboxRoutes } from './outbox/routes';
import { dashboardRoutes } from './dashboard/routes';
import { patrollingRoutes } from './patrolling/routes';
import { profileRoutes } from './profile/routes';
import { propertiesRoutes, propertyWriteRoutes } from './properties/routes';
import { makesRoutes } from './makes/routes';
import { modelsRoutes } from './models/routes';
import { permitTypesRoutes } from './permit-types/routes';
import { reasonsRoutes } from './reasons/routes';
import { statesRoutes } from './states/routes';
import { towsRoutes } from './tows/routes';
import { warningsRoutes } from './warnings/routes';
import { zonesRoutes } from './zones/routes';
import { buildingsRoutes } from './buildings/routes';
import { floorsRoutes } from './floors/routes';
import { unitsRoutes } from './units/routes';
import { spotsRoutes } from './spots/routes';
import { parkingMapRoutes } from './parking-map/routes';
import { reservationsRoutes } from './reservations/routes';
import { residentsRoutes } from './residents/routes';
import { vehiclesRoutes } from './vehicles/routes';
import { permitsRoutes } from './permits/routes';
import { bannedVehiclesRoutes } from './banned-vehicles/routes';
import { formRulesRoutes } from './form-rules/routes';
import { systemSettingsRoutes } from './system-settings/routes';
import { twoFactorRoutes } from './two-factor/routes';

/** Every module's routes. A new module adds one line. */
export const routes = [
  ...healthRoutes,
  ...authRoutes,
  ...twoFactorRoutes,
  ...systemSettingsRoutes,
  ...langsRoutes,
  ...binnacleRoutes,
  ...outboxRoutes,
  ...profileRoutes,
  ...propertiesRoutes,
  ...propertyWriteRoutes,
  ...dashboardRoutes,
  ...patrollingRoutes,
  ...zonesRoutes,
  ...statesRoutes,
  ...towsRoutes,
  ...warningsRoutes,
  ...reasonsRoutes,
  ...permitTypesRoutes,
  ...makesRoutes,
  ...modelsRoutes,
  ...buildingsRoutes,
  ...floorsRoutes,
  ...unitsRoutes,
  ...spotsRoutes,
  ...parkingMapRoutes,
  ...reservationsRoutes,
  ...residentsRoutes,
  ...vehiclesRoutes,
  ...permitsRoutes,
  ...bannedVehiclesRoutes,
  ...formRulesRoutes,
] as RouteDef[];
