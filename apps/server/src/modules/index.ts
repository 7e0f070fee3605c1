import type { RouteDef } from '../platform/http';
import { authRoutes } from './auth/routes';
import { binnacleRoutes } from './binnacle/routes';
import { filesRoutes } from './files/routes';
import { healthRoutes } from './health/routes';
import { langsRoutes } from './langs/routes';
import { outboxRoutes } from './outbox/routes';

/** Every module's routes. A new module adds one line. */
export const routes = [
  ...healthRoutes,
  ...authRoutes,
  ...langsRoutes,
  ...filesRoutes,
  ...binnacleRoutes,
  ...outboxRoutes,
] as RouteDef[];
