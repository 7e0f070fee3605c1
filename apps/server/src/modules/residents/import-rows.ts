import {
  EMAIL_MAX,
  LANGUAGES,
  PHONE_PATTERN,
  RESIDENT_CODE_MAX,
  RESIDENT_NAME_MAX,
  type ImportReject,
  type Language,
} from '@parkade/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db';
import { t } from '../../platform/i18n';
import { buildings } from '../buildings/table';
import { properties } from '../properties/table';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';
import { residents } from './table';

/*
 * The checking phase of a residents import: every row against the file and the property's emails, phones, codes
 * and units (import-job.ts runs it; import.ts takes the file).
 */

/** How often (rows) the checking phase reports progress. */
const CHECK_REPORT_EVERY = 1000;
/** At most this many refused rows are kept and shown. */
const REJECTED_MAX = 1000;

/** A row that passed every check, ready to be written. */
export interface GoodRow {
  row: number;
  fullName: string;
  email: string;
  phone: string | null;
  unitId: number;
  code: string | null;
  language: Language;
  leaseExpirationAt: string | null;
}

const emailSchema = z.email();
const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** The language of a row that names none: the property's first. */
export async function defaultLanguageOf(tx: Tx, propertyId: number): Promise<Language> {
  const [p] = await tx
    .select({ languages: properties.languages })
    .from(properties)
    .where(eq(properties.id, propertyId));
  return ((p?.languages as string[] | null)?.[0] ?? 'en') as Language;
}

/** What the rows are checked against: the property's emails, phones, codes and units. */
export async function loadIndex(tx: Tx, propertyId: number) {
  const defaultLanguage = await defaultLanguageOf(tx, propertyId);
  const users = await tx
    .select({ email: tenantUsers.email, phone: tenantUsers.phone })
    .from(tenantUsers)
    .where(eq(tenantUsers.propertyId, propertyId));
  const emails = new Set(users.map((x) => x.email?.toLowerCase()).filter(Boolean));
  const phones = new Set(users.map((x) => x.phone).filter(Boolean));
  const codes = new Set(
    (
      await tx
        .select({ code: residents.code })
        .from(residents)
        .where(and(eq(residents.propertyId, propertyId), isNull(residents.deletedAt)))
    )
      .map((x) => x.code?.toLowerCase())
      .filter(Boolean),
  );
  return { defaultLanguage, emails, phones, codes, unitIndex: await unitIndexOf(tx, propertyId) };
}

export const unitKey = (building: string, unit: string) =>
  `${building.toLowerCase()}\u0000${unit.toLowerCase()}`;
export async function unitIndexOf(tx: Tx, propertyId: number) {
  return new Map(
    (
      await tx
        .select({ id: units.id, unit: units.name, building: buildings.name })
        .from(units)
        .innerJoin(
          buildings,
          and(eq(buildings.propertyId, units.propertyId), eq(buildings.id, units.buildingId)),
        )
        .where(eq(units.propertyId, propertyId))
    ).map((x) => [unitKey(x.building, x.unit), x.id]),
  );
}

/** Every row checked against the file and the property: the good rows, or the refused ones with reasons. */
export async function checkRows(
  index: Awaited<ReturnType<typeof loadIndex>>,
  lang: Language,
  rows: [number, string[]][],
  progress: (done: number) => Promise<void>,
): Promise<{ good: GoodRow[]; rejected: ImportReject[] }> {
  const { defaultLanguage, emails, phones, codes, unitIndex } = index;
  const seenEmail = new Map<string, number>();
  const seenPhone = new Map<string, number>();
  const seenCode = new Map<string, number>();
  const good: GoodRow[] = [];
  const rejected: ImportReject[] = [];
  let done = 0;
  for (const [rowNumber, cells] of rows) {
    const [
      name = '',
      email = '',
      phone = '',
      building = '',
      unit = '',
      code = '',
      language = '',
      lease = '',
    ] = cells;
    const errors: ImportReject['errors'] = [];
    const err = (field: string, key: string, params?: Record<string, string | number>) =>
      errors.push({ field, message: t(lang, key, params) });
    if (!name) err('name', 'validation.required');
    else if (name.length > RESIDENT_NAME_MAX) err('name', 'validation.max', { max: RESIDENT_NAME_MAX });
    const lowerEmail = email.toLowerCase();
    if (!email) err('email', 'validation.emailRequired');
    else if (email.length > EMAIL_MAX || !emailSchema.safeParse(email).success)
      err('email', 'validation.email');
    else if (seenEmail.has(lowerEmail))
      err('email', 'residents.import.duplicateInFile', { row: seenEmail.get(lowerEmail)! });
    else if (emails.has(lowerEmail)) err('email', 'residents.import.emailTaken', { email });
    if (email && !seenEmail.has(lowerEmail)) seenEmail.set(lowerEmail, rowNumber);
    if (phone) {
      if (!PHONE_PATTERN.test(phone)) err('phone', 'validation.phone');
      else if (seenPhone.has(phone))
        err('phone', 'residents.import.duplicateInFile', { row: seenPhone.get(phone)! });
      else if (phones.has(phone)) err('phone', 'validation.inUse');
      if (!seenPhone.has(phone)) seenPhone.set(phone, rowNumber);
    }
    let unitId: number | undefined;
    if (!building) err('building', 'validation.required');
    if (!unit) err('unit', 'validation.required');
    if (building && unit) {
      unitId = unitIndex.get(unitKey(building, unit));
      if (unitId === undefined) err('unit', 'residents.import.unitNotFound', { unit, building });
    }
    if (code) {
      const lc = code.toLowerCase();
      if (code.length > RESIDENT_CODE_MAX) err('code', 'validation.max', { max: RESIDENT_CODE_MAX });
      else if (seenCode.has(lc)) err('code', 'residents.import.duplicateInFile', { row: seenCode.get(lc)! });
      else if (codes.has(lc)) err('code', 'validation.inUse');
      if (!seenCode.has(lc)) seenCode.set(lc, rowNumber);
    }
    const lng = (language.toLowerCase() || defaultLanguage) as Language;
    if (!LANGUAGES.includes(lng)) err('language', 'residents.import.language');
    if (lease && !isDate(lease)) err('lease_expiration', 'residents.import.dateFormat');
    if (errors.length) {
      if (rejected.length < REJECTED_MAX) rejected.push({ row: rowNumber, errors });
    } else
      good.push({
        row: rowNumber,
        fullName: name,
        email,
        phone: phone || null,
        unitId: unitId!,
        code: code || null,
        language: lng,
        leaseExpirationAt: lease || null,
      });
    done += 1;
    if (done % CHECK_REPORT_EVERY === 0) await progress(done);
  }
  return { good, rejected };
}
