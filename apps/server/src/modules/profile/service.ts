import type { LanguageCode, Profile } from '@parkade/contract';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { updateRow } from '../../platform/crud';
import { fieldError, HttpError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { t } from '../../platform/i18n';
import { allowedLanguages } from '../auth/service';
import { buildings } from '../buildings/table';
import { residentUnits } from '../residents/table';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';

/** The signed-in resident's own row: never another account, never another property's. */
function ownRow(ctx: Scope): SQL {
  return and(
    eq(tenantUsers.propertyId, ctx.property!.id),
    eq(tenantUsers.id, ctx.user().id),
    eq(tenantUsers.type, 'tenant-resident'),
  )!;
}

type ProfileRow = Pick<
  typeof tenantUsers.$inferSelect,
  'id' | 'fullName' | 'email' | 'phone' | 'language' | 'lastLoginAt' | 'createdAt'
>;

type ProfileUnit = Profile['units'][number];

/** The units the signed-in resident holds, with their buildings, first unit first. */
async function ownUnits(ctx: Scope): Promise<ProfileUnit[]> {
  const pid = ctx.property!.id;
  return ctx.tx
    .select({ name: units.name, building: buildings.name })
    .from(residentUnits)
    .innerJoin(units, and(eq(units.propertyId, residentUnits.propertyId), eq(units.id, residentUnits.unitId)))
    .innerJoin(buildings, and(eq(buildings.propertyId, units.propertyId), eq(buildings.id, units.buildingId)))
    .where(and(eq(residentUnits.propertyId, pid), eq(residentUnits.residentId, ctx.user().id)))
    .orderBy(asc(residentUnits.position), asc(residentUnits.unitId));
}

function toProfile(ctx: Scope, row: ProfileRow, languages: LanguageCode[], held: ProfileUnit[]): Profile {
  const property = ctx.property!;
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    language: languages.includes(row.language) ? row.language : (languages[0] ?? 'en'),
    languages,
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    property: { id: property.id, code: property.code, name: property.name },
    units: held,
  };
}

export async function getProfile(ctx: Scope): Promise<Profile> {
  const [row] = await ctx.tx.select().from(tenantUsers).where(ownRow(ctx));
  if (!row) throw new HttpError(404, 'profile.notFound');
  return toProfile(ctx, row, await allowedLanguages(ctx), await ownUnits(ctx));
}

/** Names, phone and language of the resident; the phone must be free in the property. Audited. */
export async function updateProfile(
  ctx: Scope,
  body: { fullName: string; phone?: string | null; language: LanguageCode },
): Promise<{ profile: Profile; message: string }> {
  const languages = await allowedLanguages(ctx);
  if (!languages.includes(body.language)) throw fieldError('language', 'errors.languageNotAllowed');
  const row = await updateRow(
    ctx,
    tenantUsers,
    'tenant_users',
    ownRow(ctx),
    {
      fullName: body.fullName,
      language: body.language,
      ...(body.phone !== undefined ? { phone: body.phone } : {}),
    },
    { unique: { tenant_users_phone_unique: 'phone' } },
  );
  return { profile: toProfile(ctx, row, languages, await ownUnits(ctx)), message: t(body.language, 'profile.updated') };
}
