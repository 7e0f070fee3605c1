import type { Tx } from './db';
import type { RouteDef } from './http';

/**
 * What a module brings to the server, declared once in its `module.ts`: its routes, its tables (for Drizzle and
 * drizzle-kit) and the reference data every installation needs. `modules/index.ts` lists the modules; the mounted
 * routes, the schema and the reference seed are derived from that list.
 */
export interface ServerModule {
  name: string;
  routes?: readonly RouteDef[];
  /** The module's table.ts, as `import * as tables from './table'`. */
  tables?: Readonly<Record<string, unknown>>;
  /** Reference rows every installation needs (production too), run in the central scope at start, idempotent. */
  seed?(tx: Tx): Promise<unknown>;
}

export function defineModule<const M extends ServerModule>(module: M): M {
  return module;
}
