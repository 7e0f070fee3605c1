import { scopeSql, type Database, type OpenOptions, type RowScope } from './common';
import type { Named } from './named';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export { AdmissionChanges } from './changes';

export {
  MIGRATIONS_DIR,
  PGLITE_APP_ROLE,
  scopeSql,
  type Database,
  type OpenOptions,
  type RowScope,
  type TransactionOptions,
} from './common';

export { migratedPglite } from './pglite';

export { namedStatementText, queryNamed, TRANSACTION_PROPERTY, type Named, type Opening } from './named';

export { query, type Db, type Queryable, type Tx } from './query';

/**
 * One read in a transaction of its own, in one round trip on a server: the scope, the statement and COMMIT
 * (`endWithOpening`). For a read after a request's transaction ended with its opening (decision 0030).
 */
export const readAlone = <T>(database: Database, scope: RowScope, statement: Named): Promise<T[]> =>
  database.open([scopeSql(scope), statement], async (_, rows) => rows[1] as T[], { endWithOpening: true });

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts, opts.databaseUrl)
    : openPglite(opts.pgliteDir ?? 'memory://', opts.pgliteSnapshot);
}
