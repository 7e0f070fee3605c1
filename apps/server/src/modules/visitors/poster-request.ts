import { POSTER_REQUESTS_PER_DAY } from '@parkade/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { fieldError, HttpError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { residents, residentUnits } from '../residents/table';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';
import { propertyTimeZone } from '../properties/dates';
import { visitors } from './table';

/*
 * What a stranger holding the poster's token may do to a resident (decision 0037): name them only by the unit and
 * their full last name, send them a few requests a day, and learn nothing of them from a refusal.
 */

/** The words of a name, for comparing: accents, case, apostrophes and punctuation aside. */
const wordsOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['’ʼ`´]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Whether `typed` names the resident called `fullName`: their full last name — the words that end their name,
 * the last one included and the first one never alone (a first name or a middle word does not match, nor a word
 * out of place) — or their whole name. Accents, case, hyphens and spacing aside: "pena ortiz" and "Peña-Ortiz"
 * name Ana María Peña Ortiz, as does "Ortiz"; "Ana", "María" and "Peña" do not.
 */
export function namesResident(typed: string, fullName: string): boolean {
  const said = wordsOf(typed);
  const name = wordsOf(fullName);
  if (!said.length || said.length > name.length) return false;
  const tail = name.slice(name.length - said.length);
  return said.every((w, i) => w === tail[i]);
}

/**
 * Whom a poster's visitor visits: an active resident holding the unit named (as written on the door, any case)
 * whose full last name is the one given. The refusal never says which part was wrong.
 */
export async function residentVisited(ctx: Scope, unit: string, name: string) {
  const rows = await ctx.tx
    .select({ residentId: residents.id, unitId: units.id, fullName: tenantUsers.fullName })
    .from(units)
    .innerJoin(
      residentUnits,
      and(eq(residentUnits.propertyId, units.propertyId), eq(residentUnits.unitId, units.id)),
    )
    .innerJoin(
      residents,
      and(eq(residents.propertyId, residentUnits.propertyId), eq(residents.id, residentUnits.residentId)),
    )
    .innerJoin(
      tenantUsers,
      and(eq(tenantUsers.propertyId, residents.propertyId), eq(tenantUsers.id, residents.id)),
    )
    .where(
      and(
        eq(units.propertyId, ctx.propertyId),
        sql`lower(${units.name}) = ${unit.trim().toLowerCase()}`,
        isNull(residents.deletedAt),
        eq(residents.status, 'active'),
      ),
    )
    .orderBy(asc(residents.id));
  const found = rows.find((r) => namesResident(name, r.fullName));
  if (!found) throw fieldError('residentName', 'visitors.public.residentNotFound');
  return { residentId: found.residentId, unitId: found.unitId };
}

/** The poster's one refusal: it names no resident, no limit and no date (the cap and every limit alike). */
export const posterRefused = () => new HttpError(422, 'visitors.public.refused');

/**
 * The cap on a resident's requests from the poster that nobody granted: POSTER_REQUESTS_PER_DAY made since the
 * local midnight of the property that are pending (lapsed ones included) or rejected; deleted ones count too. A
 * request granted (approved, or valid at once) counts toward the resident's limits instead. The resident's row is
 * locked, so two requests at once cannot both take the last place.
 */
export async function assertUnderPosterCap(ctx: Scope, residentId: number) {
  await ctx.tx
    .select({ id: residents.id })
    .from(residents)
    .where(and(eq(residents.propertyId, ctx.propertyId), eq(residents.id, residentId)))
    .for('update');
  const tz = await propertyTimeZone(ctx);
  const [row] = await ctx.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(visitors)
    .where(
      and(
        eq(visitors.propertyId, ctx.propertyId),
        eq(visitors.residentId, residentId),
        eq(visitors.source, 'poster'),
        inArray(visitors.permitStatus, ['pending', 'rejected']),
        sql`${visitors.createdAt} >= (date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`,
      ),
    );
  if ((row?.n ?? 0) >= POSTER_REQUESTS_PER_DAY) throw posterRefused();
}

/**
 * Runs a public registration: a limit it breaches is refused with the poster's neutral message, not the staff's
 * and residents' one that names the resident, the limit and when the next permit is possible.
 */
export async function refusedNeutrally<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof HttpError && e.messageKey.startsWith('visitors.limit.')) throw posterRefused();
    throw e;
  }
}
