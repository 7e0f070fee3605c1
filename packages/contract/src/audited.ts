import { RESOURCES } from './registry';

/** What the platform itself records: sign-in and session events, stored files. */
const PLATFORM_AUDITED = { auth: {}, files: {} } as const;

type Decl = (typeof RESOURCES)[number];
type AuditedOf<D> = D extends { audited: infer A } ? keyof A & string : never;

/**
 * Every entity the audit log (binnacle) records: the platform's own and those each resource declares with its
 * `audited` tables. The server's `ctx.audit({ entity })` only takes these names (a type error otherwise), and the
 * web's binnacle derives its entity filter and its links from here. `record` is where one record is shown in the
 * web app (`{id}` replaced), when there is such a page. Each entity has its label `binnacle.entities.<name>` in
 * every language (a contract test checks it).
 */
export const AUDITED = Object.fromEntries(
  [PLATFORM_AUDITED, ...RESOURCES.map((r) => ('audited' in r ? r.audited : {}))].flatMap((x) =>
    Object.entries(x),
  ),
) as Readonly<Record<'auth' | 'files' | AuditedOf<Decl>, { record?: string }>>;

export type AuditEntity = keyof typeof AUDITED;
export const AUDITED_ENTITIES = Object.keys(AUDITED) as AuditEntity[];

/** The web path of one audited record, or null when it has no page (or the entry is a deletion). */
export function auditedRecordPath(entity: string, id: string | null): string | null {
  const def = (AUDITED as Record<string, { record?: string }>)[entity];
  return def?.record && id ? def.record.replace('{id}', encodeURIComponent(id)) : null;
}
