import type { RouteDef } from '../platform/http';
import { authRoutes } from './auth/routes';
import { healthRoutes } from './health/routes';

/** Every module's routes. A new module adds one line. */
export const routes = [...healthRoutes, ...authRoutes] as RouteDef[];
