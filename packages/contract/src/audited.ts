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

/**
 * Every action the audit log records (issue 36 §9, decision 0039). The server's `ctx.audit({ action })` and the
 * CRUD helpers' `action` take only these (a type error otherwise), the web's binnacle offers them in its action
 * filter, and each has its label `binnacle.actions.<action>` in every language (audited.test.ts).
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'import',
  'create-bulk',
  'activate',
  'deactivate',
  'status',
  'approve',
  'reject',
  'revoke',
  'expire',
  'cancel',
  'stop',
  'end',
  'lift',
  'resolve',
  'place',
  'towed',
  'tow',
  'override',
  'documents',
  'change-vehicle',
  'comment',
  'assign',
  'photos',
  'layout',
  'settings',
  'register',
  'sign-agreement',
  'resend-agreement',
  'resend-password',
  'mass-email',
  'send',
  'resend-failed',
  'unsubscribe',
  'test-email',
  'read',
  'link',
  'poster.create',
  'poster.renew',
  'check-in',
  'check-in-refused',
  'check-out',
  'invitation.send',
  'invitation.accept',
  'invitation.link',
  'password',
  'password.change',
  'password.change.failed',
  'password.forgot',
  'password.reset',
  'password.reset-link',
  'sessions.end',
  'login.success',
  'login.failed',
  'login.disabled',
  'login.throttled',
  'login.two-factor.challenge',
  'login.two-factor.expired',
  'login.two-factor.failed',
  'login.two-factor.throttled',
  'logout',
  'two-factor.setup',
  'two-factor.enable',
  'two-factor.disable',
  'two-factor.disable.failed',
  'two-factor.confirm.failed',
  'two-factor.recovery-codes',
  'two-factor.recovery-codes.failed',
  'two-factor.reset',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** An action's label key. */
export const auditActionLabelKey = (action: string) => `binnacle.actions.${action}`;

/**
 * The label keys of a recorded attribute, in the order the screens try them: the audit log's own word
 * (`binnacle.attributes.<field>`), else the form field's (`fields.<field>`). A field the audit records with neither
 * fails the server's audit tests (apps/server/src/platform/audit-labels.test.ts and every test context's close).
 */
export const auditFieldLabelKeys = (field: string) => [`binnacle.attributes.${field}`, `fields.${field}`];
