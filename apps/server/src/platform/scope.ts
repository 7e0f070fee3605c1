import { knownZone, type Area, type AuthUser, type Language } from '@parkade/contract';
import { writeAudit, type Actor, type AuditEntry } from './audit';
import type { SessionUser } from './auth';
import type { Database, Tx } from './db';
import type { Env } from './env';
import { HttpError } from './errors';
import { refreshTextOverridesIfDue } from './i18n';
import type { Jobs } from './jobs';
import type { Storage } from './storage';
import { propertyById, type TenantProperty } from './tenancy';

/** Everything a service may use beyond its transaction. */
export interface Services {
  env: Env;
  database: Database;
  jobs: Jobs;
  storage: Storage;
}

/**
 * What a piece of work runs in — a request, a job or a test factory alike (DESIGN §4): its transaction, the area,
 * the property it works on, who acts, the language of its messages, the audit log and the hooks around the commit.
 * Built once by `createScope`; services take a Scope and never see the HTTP request.
 */
export interface Scope {
  tx: Tx;
  services: Services;
  area: Area;
  /** The property of the work: the host's tenant, the property central staff selected, or a job's property. */
  property: TenantProperty | null;
  /** The id of `property`; reading it without one is a 400 ("select a property first"). */
  readonly propertyId: number;
  /** The signed-in user; null on public routes without a token and for system work. */
  session: SessionUser | null;
  lang: Language;
  /**
   * The reader's time zone when the request named it (X-Time-Zone, the browser's): a time in a message is labelled
   * with the property's zone unless it reads the same there. Null for jobs and callers that did not say.
   */
  readerZone: string | null;
  actor: Actor;
  /** Writes a binnacle entry in this scope's transaction. */
  audit(entry: AuditEntry): Promise<void>;
  /** Runs after the transaction commits (e.g. wake a job); never on rollback. */
  afterCommit(fn: () => unknown): void;
  /** Runs when the transaction rolls back (e.g. remove bytes written to storage for rows that are gone). */
  onRollback(fn: () => unknown): void;
  /** The signed-in user, or 401. */
  user(): AuthUser;
}

export interface ScopeInit {
  tx: Tx;
  services: Services;
  area: Area;
  property: TenantProperty | null;
  session?: SessionUser | null;
  lang?: Language;
  readerZone?: string | null;
  /** Who acts: a request fills in its address and id; system work leaves them null. */
  actor?: Partial<Actor>;
}

/** The hooks a scope collected, for whoever runs its transaction. */
export interface ScopeHooks {
  afterCommit: (() => unknown)[];
  onRollback: (() => unknown)[];
}

/** Builds the one Scope of a request, a job or a test, with the hooks its runner calls around the commit. */
export function createScope(init: ScopeInit): { scope: Scope; hooks: ScopeHooks } {
  const { tx, services, area, property } = init;
  const session = init.session ?? null;
  const hooks: ScopeHooks = { afterCommit: [], onRollback: [] };
  const actor: Actor = {
    area,
    propertyId: property?.id ?? null,
    userType: session?.user.type ?? null,
    userId: session?.user.id ?? null,
    userName: session?.user.fullName ?? null,
    ip: null,
    userAgent: null,
    requestId: null,
    ...init.actor,
  };
  const scope: Scope = {
    tx,
    services,
    area,
    property,
    get propertyId() {
      if (!property) throw new HttpError(400, 'errors.propertyNotSelected');
      return property.id;
    },
    session,
    lang: init.lang ?? 'en',
    readerZone: knownZone(init.readerZone) ?? null,
    actor,
    audit: (entry) => writeAudit(tx, actor, entry),
    afterCommit: (fn) => hooks.afterCommit.push(fn),
    onRollback: (fn) => hooks.onRollback.push(fn),
    user: () => {
      if (!session) throw new HttpError(401, 'errors.unauthenticated');
      return session.user;
    },
  };
  return { scope, hooks };
}

export interface WorkInit {
  area: Area;
  /** The property the work is for (a job's or a test's); its row is read in the same transaction. */
  propertyId?: number | null;
  session?: SessionUser | null;
  lang?: Language;
  actor?: Partial<Actor>;
}

/**
 * Runs work outside a request — a job, a seed, a test factory — in one transaction with the same Scope a request
 * gets: the row-level scope set to its property, audit entries in the transaction, after-commit tasks run only
 * once it committed and rollback tasks only if it did not.
 */
export async function inScope<T>(
  services: Services,
  init: WorkInit,
  fn: (scope: Scope) => Promise<T>,
): Promise<T> {
  const propertyId = init.propertyId ?? null;
  refreshTextOverridesIfDue(services.database);
  let hooks: ScopeHooks | undefined;
  let result: T;
  try {
    result = await services.database.withScope(
      init.area === 'tenant' && propertyId !== null ? { area: 'tenant', propertyId } : { area: 'central' },
      async (tx) => {
        const property = propertyId === null ? null : await propertyById(tx, propertyId);
        if (propertyId !== null && !property) throw new HttpError(404, 'properties.notFound');
        const made = createScope({ ...init, tx, services, property });
        hooks = made.hooks;
        return fn(made.scope);
      },
    );
  } catch (e) {
    for (const undo of hooks?.onRollback ?? []) await undo();
    throw e;
  }
  for (const after of hooks?.afterCommit ?? []) await after();
  return result;
}
