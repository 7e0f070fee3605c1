import type { ActiveCheckIn, Observation, OfflineLookupData, PlateVerdict } from '@parkade/contract';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { api } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { hostContext } from '../../platform/host';

/*
 * The patrol's queue on the phone (issue 18, decision 0029): every observation is first written to IndexedDB with
 * its photos and its idempotency key (`clientKey`), then sent. Without signal it waits; it is sent again when the
 * browser is back online (or the screen asks), in the order taken, and the server stores each clientKey once, so a
 * send that reached the server but whose answer was lost is harmless when repeated. A refusal (4xx) is kept with
 * its message for the officer to read and discard; it is never dropped silently.
 */

export interface QueuedObservation {
  clientKey: string;
  /** The property it was taken at (sent as X-Property centrally) and its round. */
  propertyId: number;
  checkInId: number;
  plate: string | null;
  spotId: number | null;
  place: string | null;
  notes: string | null;
  /** The verdict the screen showed when it was taken (from the offline copy when there was no signal). */
  shownVerdict: PlateVerdict | null;
  observedAt: string;
  photos: { name: string; blob: Blob }[];
  /** Set when the server refused it (a 4xx): its message. */
  refused: string | null;
}

interface PatrolDb extends DBSchema {
  outbox: { key: string; value: QueuedObservation & { seq: number } };
  /** The offline copy of each property's plates (lookup-cache.ts), by property id. */
  lookup: { key: number; value: OfflineLookupData };
  /** Each officer's open round as last read (usePatrol.ts), by user id: the patrol reopens with it offline. */
  round: { key: number; value: ActiveCheckIn };
}

const DB_NAME = 'parkade-patrol';
let db: Promise<IDBPDatabase<PatrolDb>> | null = null;
/** The patrol's IndexedDB database: the queue (`outbox`), the offline lookup copies (`lookup`), the round. */
export function patrolDb(): Promise<IDBPDatabase<PatrolDb>> {
  db ??= openDB<PatrolDb>(DB_NAME, 2, {
    upgrade(d, from) {
      if (from < 1) {
        d.createObjectStore('outbox', { keyPath: 'clientKey' });
        d.createObjectStore('lookup', { keyPath: 'propertyId' });
      }
      if (from < 2) d.createObjectStore('round');
    },
  });
  return db;
}

type Listener = (event: { sent?: Observation; pending: QueuedObservation[] }) => void;
const listeners = new Set<Listener>();
/** Tells the screen of every change of the queue: what is still waiting, and each observation the server took. */
export function onQueueChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
async function announce(sent?: Observation) {
  const pending = await queued();
  for (const l of listeners) l({ sent, pending });
}

/** What waits on this phone, oldest first (refused ones included, with their message). */
export async function queued(): Promise<QueuedObservation[]> {
  const rows = await (await patrolDb()).getAll('outbox');
  return rows.sort((a, b) => a.seq - b.seq).map(({ seq: _seq, ...rest }) => rest);
}

let seq = Date.now();
/** Keeps the observation on the phone, then tries to send the queue at once. */
export async function enqueue(item: Omit<QueuedObservation, 'refused'>): Promise<void> {
  await (await patrolDb()).put('outbox', { ...item, refused: null, seq: seq++ });
  await announce();
  void flush();
}

/** Forgets a refused observation the officer has read. */
export async function discard(clientKey: string): Promise<void> {
  await (await patrolDb()).delete('outbox', clientKey);
  await announce();
}

function formOf(item: QueuedObservation): FormData {
  const fd = new FormData();
  fd.append('clientKey', item.clientKey);
  fd.append('checkInId', String(item.checkInId));
  fd.append('observedAt', item.observedAt);
  if (item.plate) fd.append('plate', item.plate);
  if (item.spotId) fd.append('spotId', String(item.spotId));
  if (item.place) fd.append('place', item.place);
  if (item.notes) fd.append('notes', item.notes);
  if (item.shownVerdict) fd.append('shownVerdict', item.shownVerdict);
  for (const p of item.photos) fd.append('photos', p.blob, p.name);
  return fd;
}

let flushing: Promise<void> | null = null;
/**
 * Sends what waits, oldest first, one at a time. Stops at the first failure without an answer (no signal): the
 * rest waits for the next `online` event or call. A refusal is kept with its message; the next item goes on.
 */
export function flush(): Promise<void> {
  flushing ??= (async () => {
    try {
      for (const item of await queued()) {
        if (item.refused) continue;
        try {
          const client = await api();
          // Centrally the property it was taken at, whatever property the screen shows now.
          const headers = hostContext().area === 'central' ? { 'X-Property': String(item.propertyId) } : {};
          const res = await client.post<Observation>('/patrolling/observations', formOf(item), { headers });
          await (await patrolDb()).delete('outbox', item.clientKey);
          await announce(res.data);
        } catch (e) {
          const err = e as RequestError;
          if (!err.statusCode || err.statusCode >= 500 || err.statusCode === 401) break;
          await (await patrolDb()).put('outbox', { ...item, refused: err.message, seq: seq++ });
          await announce();
        }
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

if (typeof window !== 'undefined') window.addEventListener('online', () => void flush());
