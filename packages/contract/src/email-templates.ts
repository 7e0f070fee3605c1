import { BULK_MAIL_VARIABLES } from './emails-sender';
import { CRUD, crudPages, defineResource, navEntry } from './resource';

/**
 * Email templates (SPEC §2.2 `/email-templates`, §3 "email template: description, variables, titles, translations";
 * issue 37 §2, decision 0040). Every mail the product sends is written from a template: a subject and a body per
 * language, with variables in double braces (`{{name}}`). Each system mail ships with a default in every language
 * (the texts of `translations/`); a property may replace it, per language, and go back to the default.
 *
 * The template language is variables only: no conditions, loops, helpers or filters — nothing in a template runs.
 * A variable the mail does not offer is refused on save (422, naming it and where it is); a value is written as
 * text (escaped in the HTML part), so a resident named `<script>` or `{{x}}` is shown as typed.
 */
export const emailTemplatesResource = defineResource({
  name: 'email-templates',
  actions: CRUD,
  // SPEC §2.4 names /email-templates/create open.
  routes: { ...crudPages('email-templates', 'emailTemplateId'), '/email-templates/create': null },
  nav: [navEntry('administration', '/email-templates', 'emailTemplates')],
  audited: {
    email_templates: { record: '/email-templates/{id}/show' },
    custom_email_templates: { record: '/email-templates/{id}/show' },
  },
});

export interface MailTemplateDef {
  /** The default subject's and body's translation keys (their en/es/zh texts are the shipped defaults). */
  subject: string;
  body: string;
  /** The variables its mail offers, in the order the editor lists them. */
  variables: readonly string[];
  /**
   * Mail a person cannot do without (a password link, an invitation, a decision on their own request): never
   * unsubscribed. The others (policies, reminders, bulk mail) carry List-Unsubscribe once the sender exists.
   */
  essential: boolean;
  /** Where it is sent from: a property's mail (overridable by the property) or also the central area's. */
  area: 'tenant' | 'both';
  /**
   * The variables that hold a stranger's typing (a visitor's name and plate, from the poster: decision 0037): they
   * may only be in the body, never in the subject, and such a mail is sent as plain text only, no HTML part.
   */
  strangerText?: readonly string[];
}

/**
 * Every mail the product sends, by its kind (the outbox's `kind`). A mail that is not listed here cannot be sent:
 * the server writes mail only through `queueTemplateMail`, which takes one of these keys.
 */
export const MAIL_TEMPLATES = {
  'password-reset': {
    subject: 'auth.resetMail.subject',
    body: 'auth.resetMail.body',
    variables: ['name', 'place', 'link'],
    essential: true,
    area: 'both',
  },
  'user-invitation': {
    subject: 'users.invitationMail.subject',
    body: 'users.invitationMail.body',
    variables: ['name', 'inviter', 'place', 'days', 'link'],
    essential: true,
    area: 'both',
  },
  'two-factor-reset': {
    subject: 'users.twoFactorResetMail.subject',
    body: 'users.twoFactorResetMail.body',
    variables: ['name', 'by', 'place'],
    essential: true,
    area: 'both',
  },
  'resident-password': {
    subject: 'residents.mail.password.subject',
    body: 'residents.mail.password.body',
    variables: ['name', 'place', 'hours', 'link'],
    essential: true,
    area: 'tenant',
  },
  'resident-agreement': {
    subject: 'residents.mail.agreement.subject',
    body: 'residents.mail.agreement.body',
    variables: ['name', 'place', 'days', 'link'],
    essential: true,
    area: 'tenant',
  },
  'parking-policies': {
    subject: 'residents.mail.policies.subject',
    body: 'residents.mail.policies.body',
    variables: ['name', 'place', 'policies'],
    essential: false,
    area: 'tenant',
  },
  'permit-warning-request': {
    subject: 'permitWarnings.mail.subject',
    body: 'permitWarnings.mail.body',
    variables: ['name', 'officer', 'plate', 'place', 'warning', 'reason', 'where', 'note', 'url'],
    essential: true,
    area: 'tenant',
  },
  'reservation-approved': {
    subject: 'reservations.mail.approvedSubject',
    body: 'reservations.mail.approvedBody',
    variables: ['name', 'spot', 'from', 'to', 'place', 'url'],
    essential: true,
    area: 'tenant',
  },
  'reservation-rejected': {
    subject: 'reservations.mail.rejectedSubject',
    body: 'reservations.mail.rejectedBody',
    variables: ['name', 'spot', 'from', 'to', 'reason', 'place', 'url'],
    essential: true,
    area: 'tenant',
  },
  'permit-approved': {
    subject: 'permits.mail.approvedSubject',
    body: 'permits.mail.approvedBody',
    variables: ['name', 'place', 'code', 'plate', 'until', 'url'],
    essential: true,
    area: 'tenant',
  },
  'permit-rejected': {
    subject: 'permits.mail.rejectedSubject',
    body: 'permits.mail.rejectedBody',
    variables: ['name', 'place', 'code', 'plate', 'reason', 'url'],
    essential: true,
    area: 'tenant',
  },
  'visitor-link': {
    subject: 'visitors.link.mailSubject',
    body: 'visitors.link.mailBody',
    variables: ['name', 'resident', 'place', 'days', 'url'],
    essential: true,
    area: 'tenant',
  },
  'visitor-request': {
    subject: 'visitors.public.askSubject',
    body: 'visitors.public.askBody',
    variables: ['name', 'place', 'visitor', 'plate', 'url'],
    essential: true,
    area: 'tenant',
    strangerText: ['visitor', 'plate'],
  },
  'visitor-receipt': {
    subject: 'visitors.public.receiptSubject',
    body: 'visitors.public.receiptBody',
    variables: ['name', 'place', 'plate', 'code', 'url'],
    essential: true,
    area: 'tenant',
    strangerText: ['name', 'plate'],
  },
  'visitor-approved': {
    subject: 'visitors.public.approvedSubject',
    body: 'visitors.public.approvedBody',
    variables: ['name', 'code', 'plate', 'place', 'url'],
    essential: true,
    area: 'tenant',
    strangerText: ['name', 'plate'],
  },
  'visitor-rejected': {
    subject: 'visitors.public.rejectedSubject',
    body: 'visitors.public.rejectedBody',
    variables: ['name', 'plate', 'place', 'reason', 'url'],
    essential: true,
    area: 'tenant',
    strangerText: ['name', 'plate'],
  },
  'permit-expiry-reminder': {
    subject: 'permits.reminderMail.subject',
    body: 'permits.reminderMail.body',
    variables: ['name', 'place', 'plate', 'code', 'ends', 'days', 'url'],
    essential: false,
    area: 'tenant',
  },
  'visitor-permit-expiry-reminder': {
    subject: 'visitors.reminderMail.subject',
    body: 'visitors.reminderMail.body',
    variables: ['name', 'place', 'visitor', 'plate', 'code', 'ends', 'days', 'url'],
    essential: false,
    area: 'tenant',
    strangerText: ['visitor', 'plate'],
  },
  'request-update': {
    subject: 'requests.mail.subject',
    body: 'requests.mail.body',
    variables: ['name', 'place', 'request', 'status', 'by', 'message', 'url'],
    // The bell always tells; the mail follows the resident's choice of the property's other mail (decision 0049).
    essential: false,
    area: 'tenant',
  },
} as const satisfies Record<string, MailTemplateDef>;

export type MailTemplateKey = keyof typeof MAIL_TEMPLATES;

/** The variables of a mail that hold a stranger's typing (body only, plain text only). */
export const strangerVariables = (key: MailTemplateKey): readonly string[] =>
  (MAIL_TEMPLATES[key] as MailTemplateDef).strangerText ?? [];
/**
 * The mails' keys alone, in MAIL_TEMPLATES' order: what the route guard checks in every page's first file, which
 * then does not carry the whole catalogue (the sign-in page's budget). The type below fails when a key is missing.
 */
export const MAIL_TEMPLATE_KEYS = [
  'password-reset',
  'user-invitation',
  'two-factor-reset',
  'resident-password',
  'resident-agreement',
  'parking-policies',
  'permit-warning-request',
  'reservation-approved',
  'reservation-rejected',
  'permit-approved',
  'permit-rejected',
  'visitor-link',
  'visitor-request',
  'visitor-receipt',
  'visitor-approved',
  'visitor-rejected',
  'permit-expiry-reminder',
  'visitor-permit-expiry-reminder',
  'request-update',
] as const satisfies readonly MailTemplateKey[];
type UnlistedKey = Exclude<MailTemplateKey, (typeof MAIL_TEMPLATE_KEYS)[number]>;
const everyKeyListed: [UnlistedKey] extends [never] ? true : UnlistedKey = true;
void everyKeyListed;
export const isMailTemplateKey = (v: unknown): v is MailTemplateKey =>
  typeof v === 'string' && (MAIL_TEMPLATE_KEYS as readonly string[]).includes(v);

/** The variables of a mail: `{{ name }}`. */
export type MailVariables<K extends MailTemplateKey> = Record<
  (typeof MAIL_TEMPLATES)[K]['variables'][number],
  string | number
>;

/** A template's name and description (translation keys): "Password reset", "Sent when …". */
export const mailTemplateLabel = (key: MailTemplateKey) => `outbox.kinds.${key}`;
export const mailTemplateDescription = (key: MailTemplateKey) => `emailTemplates.kind.${key}.description`;

/** The longest subject and body a template may have (characters). */
export const MAIL_SUBJECT_MAX = 200;
export const MAIL_BODY_MAX = 20_000;

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Every `{{…}}` of a text, as written between the braces (trimmed), in order, once each. */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!))];
}

/** The `{{…}}` of a text that are not among the allowed variables (a misspelt or unknown name, an expression). */
export function unknownVariables(text: string, allowed: readonly string[]): string[] {
  return templateVariables(text).filter((v) => !allowed.includes(v));
}

/**
 * Writes a template's variables. Each `{{ name }}` takes its value, passed through `escape` (the HTML part's
 * escaping; the identity for plain text); the value is never read as a template again, so `{{x}}` in a name is
 * written as typed. A variable with no value is written empty.
 */
export function renderTemplate(
  text: string,
  values: Readonly<Record<string, string | number | null | undefined>>,
  escape: (s: string) => string = (s) => s,
): string {
  return text.replace(VARIABLE, (_m, name: string) => {
    const v = Object.hasOwn(values, name) ? values[name] : undefined;
    return escape(v === null || v === undefined ? '' : String(v));
  });
}

/*
 * A property's own templates (decision 0040, "The property's own templates"): mail the property writes itself — a
 * garage closing, a welcome letter — kept to start a bulk mail from (the email sender). A name, what it is for, and a
 * subject and a body per language (at least one; a reader whose language has none gets the first one written, as a
 * bulk mail). Their variables are the bulk mail's: each resident's own values.
 */
export const CUSTOM_TEMPLATE_VARIABLES = BULK_MAIL_VARIABLES;
/** How many templates of its own a property may keep (the sender lists them all in one picker). */
export const CUSTOM_TEMPLATES_MAX = 100;
export const CUSTOM_TEMPLATE_NAME_MAX = 120;
export const CUSTOM_TEMPLATE_DESCRIPTION_MAX = 500;

/** A property's own template's id, as its pages name it (`/email-templates/12/show`); a mail's key is never a number. */
export const isCustomTemplateId = (v: string): boolean => /^[1-9][0-9]{0,14}$/.test(v);
