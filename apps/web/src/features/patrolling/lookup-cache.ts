import type { OfflineLookupData } from '@parkade/contract';
import { api } from '../../platform/api';
import { hostContext } from '../../platform/host';
import { patrolDb } from './queue';

/*
 * The offline copy of a property's plates (decision 0029): fetched at check-in and again when it is older than
 * FRESH_MS while the officer patrols, kept in IndexedDB; the plate lookup answers from it when there is no signal.
 */

const FRESH_MS = 10 * 60_000;

/** The copy kept for a property, or null. */
export async function offlineCopy(propertyId: number): Promise<OfflineLookupData | null> {
  return (await (await patrolDb()).get('lookup', propertyId)) ?? null;
}

/** Fetches the property's copy and keeps it; without signal the old copy stays. */
export async function refreshOfflineCopy(propertyId: number, force = false): Promise<void> {
  const kept = await offlineCopy(propertyId);
  if (!force && kept && Date.now() - Date.parse(kept.generatedAt) < FRESH_MS) return;
  try {
    const headers = hostContext().area === 'central' ? { 'X-Property': String(propertyId) } : {};
    const res = await (await api()).get<OfflineLookupData>('/patrolling/offline-data', { headers });
    await (await patrolDb()).put('lookup', res.data);
  } catch {
    // No signal or no permission: the kept copy (if any) answers.
  }
}

/** Drops the property's copy: at check-out the plates leave the phone with the round (decision 0029). */
export async function dropOfflineCopy(propertyId: number): Promise<void> {
  await (await patrolDb()).delete('lookup', propertyId);
}
