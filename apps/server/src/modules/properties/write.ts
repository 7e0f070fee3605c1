import {
  RESERVED_PROPERTY_CODES,
  checkMailConfig,
  propertySettingsSchema,
  type Property,
  type PropertySettings,
  type PropertySettingsPatch,
  type PropertyTestEmailResult,
  type TenantHost,
  type propertyCreateBody,
  type propertyUpdateBody,
} from '@parkade/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { createRow, guardReferenced, updateRow } from '../../platform/crud';
import { query } from '../../platform/db';
import { HttpError, RequestValidationError, fieldError, invalid } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { t } from '../../platform/i18n';
import { mailHostAddress, smtpFor, transportFor } from '../outbox/mail';
import { encryptSecret } from '../../platform/secrets';
import type { UploadedFile } from '../../platform/uploads';
import { deleteFiles, insertFile, ownedFile } from '../files/service';
import { activeCodes } from '../langs/service';
import { getProperty } from './service';
import { properties } from './table';

type CreateBody = z.output<typeof propertyCreateBody>;
type UpdateBody = z.output<typeof propertyUpdateBody>;
type Row = typeof properties.$inferSelect;

const UNIQUE = {
  properties_code_unique: 'code',
  properties_access_domain_unique: 'accessDomain',
  properties_visitor_domain_unique: 'visitorDomain',
};

/** Every audited row leaves out the SMTP password's ciphertext: the binnacle never holds a secret. */
function withoutSecret(row: Row) {
  const { mailPasswordEncrypted, ...rest } = row;
  return { ...rest, mailPasswordSet: mailPasswordEncrypted !== null };
}

/**
 * A domain must not reach two properties: not another property's access or visitor domain (either kind), nor a
 * subdomain of the app's own domain (that is a property code's host), nor this property's other domain.
 */
async function checkDomains(
  ctx: Scope,
  id: number | null,
  body: { accessDomain: string | null; visitorDomain: string | null },
) {
  const appDomain = ctx.services.env.appDomain.toLowerCase();
  const errors: Record<string, { key: string }[]> = {};
  for (const field of ['accessDomain', 'visitorDomain'] as const) {
    const host = body[field];
    if (!host) continue;
    if (host === appDomain || host.endsWith(`.${appDomain}`)) {
      errors[field] = [{ key: 'properties.domainOfApp' }];
      continue;
    }
    const rows = await query<{ id: number }>(
      ctx.tx,
      sql`select id::int as id from properties
          where (lower(access_domain) = ${host} or lower(visitor_domain) = ${host}) and id <> ${id ?? 0}`,
    );
    if (rows.length) errors[field] = [{ key: 'validation.inUse' }];
  }
  if (body.accessDomain && body.accessDomain === body.visitorDomain)
    errors.visitorDomain = [{ key: 'properties.sameDomains' }];
  if (Object.keys(errors).length) throw invalid(errors);
}

function columns(body: CreateBody | UpdateBody) {
  return {
    name: body.name,
    type: body.type,
    zipcode: body.zipcode,
    city: body.city,
    state: body.state,
    country: body.country,
    county: body.county,
    address: body.address,
    timezone: body.timezone,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    accessDomain: body.accessDomain,
    visitorDomain: body.visitorDomain,
    languages: [...new Set(body.languages)],
    zoneId: body.zoneId ?? null,
    active: body.active,
    mailFromAddress: body.mailFromAddress,
    mailUsername: body.mailUsername,
    mailHost: body.mailHost,
    mailPort: body.mailPort ?? null,
    mailTlsInsecure: body.mailTlsInsecure,
  };
}

/** Each language offered must be an active language code (decision 0051). */
async function checkLanguages(ctx: Scope, languages: readonly string[]) {
  const active = await activeCodes(ctx);
  if (languages.some((code) => !active.includes(code)))
    throw fieldError('languages', 'validation.invalidSelection');
}

async function checkZone(ctx: Scope, zoneId: number | null | undefined) {
  if (!zoneId) return;
  const rows = await query(ctx.tx, sql`select 1 from zones where id = ${zoneId}`);
  if (!rows.length) throw fieldError('zoneId', 'validation.invalidSelection');
}

/** POST /properties: the tenant is reachable on <code>.<APP_DOMAIN> as soon as this commits. */
export async function createProperty(ctx: Scope, body: CreateBody): Promise<Property> {
  if (RESERVED_PROPERTY_CODES.includes(body.code)) throw fieldError('code', 'properties.reservedCode');
  await checkDomains(ctx, null, body);
  await checkZone(ctx, body.zoneId);
  await checkLanguages(ctx, body.languages);
  const row = await createRow(
    ctx,
    properties,
    'properties',
    {
      code: body.code,
      ...columns(body),
      mailPasswordEncrypted: body.mailPassword
        ? encryptSecret(ctx.services.env.secretKey, body.mailPassword)
        : null,
      settings: propertySettingsSchema.parse({}),
    },
    UNIQUE,
    withoutSecret,
  );
  return getProperty(ctx, row.id);
}

/** PUT /properties/:id: the code never changes; an empty password keeps the stored one. */
export async function updateProperty(ctx: Scope, id: number, body: UpdateBody): Promise<Property> {
  const [current] = await ctx.tx.select().from(properties).where(eq(properties.id, id));
  if (!current) throw new HttpError(404, 'properties.notFound');
  if (body.code !== undefined && body.code.trim().toLowerCase() !== current.code.toLowerCase())
    throw fieldError('code', 'properties.codeImmutable');
  const keepPassword =
    !body.mailPassword && !body.mailPasswordClear && current.mailPasswordEncrypted !== null;
  const issues = checkMailConfig(body, keepPassword);
  if (issues.length) throw invalid(Object.fromEntries(issues.map((i) => [i.path, [{ key: i.message }]])));
  await checkDomains(ctx, id, body);
  await checkZone(ctx, body.zoneId);
  await checkLanguages(ctx, body.languages);
  const anyMail = !!(body.mailUsername || body.mailHost || body.mailPort);
  const password = body.mailPassword
    ? encryptSecret(ctx.services.env.secretKey, body.mailPassword)
    : body.mailPasswordClear || !anyMail
      ? null
      : current.mailPasswordEncrypted;
  await updateRow(
    ctx,
    properties,
    'properties',
    eq(properties.id, id),
    { ...columns(body), mailPasswordEncrypted: password },
    { unique: UNIQUE, redact: withoutSecret },
  );
  return getProperty(ctx, id);
}

/** DELETE /properties/:id: only a property with no rows of its own (else 409: deactivate it instead). */
export async function deleteProperty(ctx: Scope, id: number) {
  const [current] = await ctx.tx.select().from(properties).where(eq(properties.id, id));
  if (!current) throw new HttpError(404, 'properties.notFound');
  const tables = await query<{ name: string }>(
    ctx.tx,
    sql`select table_name as name from information_schema.columns
        where table_schema = 'public' and column_name = 'property_id' and table_name not in ('binnacle', 'mail_outbox', 'sessions', 'password_resets', 'auth_throttle')`,
  );
  for (const { name } of tables) {
    const rows = await query(
      ctx.tx,
      sql`select 1 from ${sql.identifier(name)} where property_id = ${id} limit 1`,
    );
    if (rows.length) throw new HttpError(409, 'properties.hasData');
  }
  await guardReferenced({}, () => ctx.tx.delete(properties).where(eq(properties.id, id)));
  await ctx.audit({ entity: 'properties', entityId: id, action: 'delete', old: withoutSecret(current) });
  return { message: t(ctx.lang, 'catalogs.deleted', { entity: t(ctx.lang, 'entities.properties') }) };
}

const LOGO_TYPES = ['png', 'jpg', 'jpeg', 'webp'];

/** POST /properties/:id/logo: one image; the previous logo's file is removed. */
export async function setLogo(ctx: Scope, id: number, file: UploadedFile | undefined): Promise<Property> {
  if (!file) throw fieldError('logo', 'upload.required');
  if (!LOGO_TYPES.includes(file.extension))
    throw fieldError('logo', 'upload.unsupportedType', { types: LOGO_TYPES.join(', ') });
  const [current] = await ctx.tx.select().from(properties).where(eq(properties.id, id));
  if (!current) throw new HttpError(404, 'properties.notFound');
  const stored = await insertFile(
    ctx.tx,
    ctx.services.storage,
    file,
    { entity: 'properties', entityId: String(id), propertyId: id },
    ctx.session?.user.id ?? null,
    (fn) => ctx.onRollback(fn),
  );
  await updateRow(
    ctx,
    properties,
    'properties',
    eq(properties.id, id),
    { logoFileId: stored.id },
    { redact: withoutSecret },
  );
  if (current.logoFileId) await deleteFiles(ctx, [current.logoFileId]);
  return getProperty(ctx, id);
}

export async function removeLogo(ctx: Scope, id: number): Promise<Property> {
  const [current] = await ctx.tx.select().from(properties).where(eq(properties.id, id));
  if (!current) throw new HttpError(404, 'properties.notFound');
  if (current.logoFileId) {
    await updateRow(
      ctx,
      properties,
      'properties',
      eq(properties.id, id),
      { logoFileId: null },
      { redact: withoutSecret },
    );
    await deleteFiles(ctx, [current.logoFileId]);
  }
  return getProperty(ctx, id);
}

/** GET /properties/:id/logo: the logo, only as this property's (properties.show). */
export async function logo(ctx: Scope, id: number) {
  const [p] = await ctx.tx
    .select({ logoFileId: properties.logoFileId })
    .from(properties)
    .where(eq(properties.id, id));
  if (!p) throw new HttpError(404, 'properties.notFound');
  return ownedFile(ctx, { entity: 'properties', entityId: id }, p.logoFileId, false);
}

/** POST /properties/:id/test-email: sends now with the stored settings and reports the SMTP server's answer. */
export async function testEmail(ctx: Scope, id: number, to: string): Promise<PropertyTestEmailResult> {
  const [p] = await ctx.tx.select().from(properties).where(eq(properties.id, id));
  if (!p) throw new HttpError(404, 'properties.notFound');
  const own = !!(p.mailHost && p.mailPort && p.mailUsername && p.mailPasswordEncrypted);
  const smtp = await smtpFor(ctx.tx, ctx.services.env, id);
  await ctx.audit({
    entity: 'properties',
    entityId: id,
    action: 'test-email',
    new: { to, usedDefaults: !own },
  });
  if (!smtp)
    return {
      ok: false,
      usedDefaults: true,
      host: null,
      port: null,
      response: t(ctx.lang, 'properties.testEmail.noSmtp'),
    };
  // The property's own server is reached at the address just checked; the system's is the operator's choice.
  const pinned = own ? await mailHostAddress(ctx.services.env, smtp.host) : undefined;
  const transport = transportFor(smtp, pinned);
  try {
    const info = (await transport.sendMail({
      from: smtp.from,
      to,
      subject: t(ctx.lang, 'properties.testEmail.subject', { name: p.name }),
      text: t(ctx.lang, 'properties.testEmail.text', { name: p.name }),
    })) as { response?: string };
    return {
      ok: true,
      usedDefaults: !own,
      host: smtp.host,
      port: smtp.port,
      response: String(info.response ?? ''),
    };
  } catch (e) {
    const err = e as { response?: string; message?: string };
    return {
      ok: false,
      usedDefaults: !own,
      host: smtp.host,
      port: smtp.port,
      response: err.response ?? err.message ?? String(e),
    };
  } finally {
    transport.close();
  }
}

export async function readSettings(ctx: Scope, id: number): Promise<PropertySettings> {
  const [p] = await ctx.tx
    .select({ settings: properties.settings })
    .from(properties)
    .where(eq(properties.id, id));
  if (!p) throw new HttpError(404, 'properties.notFound');
  return propertySettingsSchema.parse(p.settings ?? {});
}

/** PUT settings: the sections sent replace theirs (missing keys take their defaults); others are kept. */
export async function writeSettings(
  ctx: Scope,
  id: number,
  body: PropertySettingsPatch,
): Promise<PropertySettings> {
  const before = await readSettings(ctx, id);
  const sent = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const parsed = propertySettingsSchema.safeParse({ ...before, ...sent }, { reportInput: true });
  if (!parsed.success)
    throw new RequestValidationError(parsed.error.issues as RequestValidationError['issues'], 'body');
  const next = parsed.data;
  await ctx.tx.update(properties).set({ settings: next, updatedAt: new Date() }).where(eq(properties.id, id));
  await ctx.audit({ entity: 'properties', entityId: id, action: 'settings', old: before, new: next });
  return next;
}

export const settingsOfCurrent = {
  read: (ctx: Scope) => readSettings(ctx, ctx.propertyId),
  write: (ctx: Scope, body: PropertySettingsPatch) => writeSettings(ctx, ctx.propertyId, body),
};

/** GET /tenants: which host names reach which property. */
export async function tenantHosts(ctx: Scope, term: string | undefined): Promise<{ data: TenantHost[] }> {
  const rows = await ctx.tx
    .select({
      id: properties.id,
      code: properties.code,
      name: properties.name,
      active: properties.active,
      accessDomain: properties.accessDomain,
      visitorDomain: properties.visitorDomain,
    })
    .from(properties)
    .orderBy(asc(properties.code));
  const domain = ctx.services.env.appDomain;
  const hosts: TenantHost[] = rows.flatMap((p) => {
    const base = { propertyId: p.id, code: p.code, name: p.name, active: p.active };
    return [
      { ...base, host: `${p.code}.${domain}`, kind: 'subdomain' as const },
      ...(p.accessDomain ? [{ ...base, host: p.accessDomain, kind: 'access' as const }] : []),
      ...(p.visitorDomain ? [{ ...base, host: p.visitorDomain, kind: 'visitor' as const }] : []),
    ];
  });
  const words = (term ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const data = hosts
    .filter((h) => words.every((w) => `${h.host} ${h.code} ${h.name}`.toLowerCase().includes(w)))
    .sort((a, b) => a.host.localeCompare(b.host));
  return { data };
}
