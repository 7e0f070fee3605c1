import {
  DOCUMENT_KINDS,
  formatDay,
  INTL_LOCALES,
  type DocumentKind,
  type Language,
  type PropertySettings,
  type ResidentItem,
} from '@parkade/contract';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { makes } from '../makes/table';
import { models } from '../models/table';
import { permits } from '../permits/table';
import { properties } from '../properties/table';
import { vehicles } from '../vehicles/table';

import type { DocValues } from './snapshot';

export type { DocValues, SignedSnapshot } from './snapshot';

/** The property's address on one line (the parts it has). */
async function propertyAddress(ctx: Scope): Promise<string> {
  const [p] = await ctx.tx
    .select({
      address: properties.address,
      city: properties.city,
      state: properties.state,
      zipcode: properties.zipcode,
    })
    .from(properties)
    .where(eq(properties.id, ctx.propertyId));
  if (!p) return '';
  const cityLine = [p.city, [p.state, p.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [p.address, cityLine].filter(Boolean).join(', ');
}

const day = (ctx: Scope, lang: Language, v: string | Date | null) =>
  v ? formatDay(v, { intlLocale: INTL_LOCALES[lang], timeZone: ctx.property?.timeZone ?? 'UTC' }) : '';

/** The settings' figures the policies quote. */
function settingsValues(lang: Language, s: PropertySettings): DocValues {
  return {
    vehiclesAllowed: String(s.residentPermits.vehiclesAllowed),
    changesAllowed: String(s.residentPermits.changesAllowed),
    visitorValidity: t(
      lang,
      `documents.validity.${s.visitorPermits.validityUnit}${s.visitorPermits.validityAmount === 1 ? '_one' : ''}`,
      { count: s.visitorPermits.validityAmount },
    ),
    towGraceHours: String(s.other.towGraceHours),
  };
}

/** The resident's permit a document names: the approved one ending last, else the newest pending one. */
async function currentPermit(ctx: Scope, residentId: number, lang: Language): Promise<DocValues> {
  const rows = await ctx.tx
    .select({
      code: permits.code,
      status: permits.status,
      startDate: permits.startDate,
      endDate: permits.endDate,
      plate: vehicles.plate,
      color: vehicles.color,
      year: vehicles.year,
      make: makes.name,
      model: models.name,
    })
    .from(permits)
    .leftJoin(vehicles, and(eq(vehicles.propertyId, permits.propertyId), eq(vehicles.id, permits.vehicleId)))
    .leftJoin(makes, eq(makes.id, vehicles.makeId))
    .leftJoin(models, eq(models.id, vehicles.modelId))
    .where(
      and(
        eq(permits.propertyId, ctx.propertyId),
        eq(permits.residentId, residentId),
        inArray(permits.status, ['approved', 'pending']),
        isNull(permits.deletedAt),
      ),
    )
    .orderBy(desc(permits.endDate), desc(permits.id))
    .limit(10);
  const p = rows.find((r) => r.status === 'approved') ?? rows[0];
  if (!p) return { permitCode: '', plate: '', vehicle: '', startDate: '', endDate: '' };
  return {
    permitCode: p.code,
    plate: p.plate ?? '',
    vehicle: [p.year, p.color, p.make, p.model].filter(Boolean).join(' '),
    startDate: day(ctx, lang, p.startDate),
    endDate: day(ctx, lang, p.endDate),
  };
}

/** Only the variables the kind offers (a snapshot keeps no more than its document can show). */
const offered = (kind: DocumentKind, all: DocValues): DocValues =>
  Object.fromEntries(
    (DOCUMENT_KINDS[kind].variables as readonly string[])
      .filter((v) => v !== 'signature')
      .map((v) => [v, all[v] ?? '']),
  );

/** What the variables hold for a resident, read in `lang`, today. */
export async function residentValues(
  ctx: Scope,
  kind: DocumentKind,
  resident: ResidentItem,
  settings: PropertySettings,
  lang: Language,
): Promise<DocValues> {
  const units = resident.units ?? [];
  return offered(kind, {
    residentName: resident.fullName,
    residentEmail: resident.email ?? '',
    unit: units.map((u) => `${u.buildingName} ${u.name}`).join(', '),
    building: [...new Set(units.map((u) => u.buildingName))].join(', '),
    propertyName: ctx.property?.name ?? '',
    propertyAddress: await propertyAddress(ctx),
    today: day(ctx, lang, new Date()),
    ...settingsValues(lang, settings),
    ...(kind === 'permit-agreement' ? await currentPermit(ctx, resident.id, lang) : {}),
  });
}

/** What the variables hold in a preview with sample data: plausible values, the property's own name and address. */
export async function sampleValues(
  ctx: Scope,
  kind: DocumentKind,
  settings: PropertySettings,
  lang: Language,
): Promise<DocValues> {
  const inAMonth = new Date(Date.now() + 30 * 86_400_000);
  return offered(kind, {
    residentName: 'Alex Morgan',
    residentEmail: 'alex.morgan@example.com',
    unit: `${t(lang, 'documents.sample.building')} 204`,
    building: t(lang, 'documents.sample.building'),
    propertyName: ctx.property?.name ?? '',
    propertyAddress: await propertyAddress(ctx),
    today: day(ctx, lang, new Date()),
    ...settingsValues(lang, settings),
    permitCode: 'P-2041',
    plate: 'ABC1234',
    vehicle: `2021 ${t(lang, 'documents.sample.color')} Toyota Corolla`,
    startDate: day(ctx, lang, new Date()),
    endDate: day(ctx, lang, inAMonth),
  });
}
