import type { ActiveCheckIn, Observation } from '@parkade/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { get } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useAuthStore, usePropertyStore } from '../../platform/stores';
import { useArea } from '../../ui/access';
import { useBootstrap } from '../shell/useBootstrap';
import { onQueueChange, patrolDb, queued, type QueuedObservation } from './queue';

export const ACTIVE_CHECK_IN_KEY = ['/patrolling/check-ins/active'];

/**
 * The signed-in officer's open check-in, wherever it is (null when checked out). Every answer the screen holds
 * (read, or set at check-in and check-out) is kept on the phone (IndexedDB, by user); without signal — the app
 * reopened in a garage — the kept one answers, so the round, its queue of observations and the plate lookup's offline
 * copy carry on (decision 0039 §2). Asked offline too, for that.
 */
export function useActiveCheckIn(enabled = true) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const query = useQuery({
    enabled,
    queryKey: ACTIVE_CHECK_IN_KEY,
    queryFn: async () => {
      try {
        return await get<ActiveCheckIn>('/patrolling/check-ins/active');
      } catch (err) {
        const kept =
          userId !== null && (err as RequestError).statusCode === 0
            ? await (await patrolDb()).get('round', userId)
            : undefined;
        if (kept) return kept;
        throw err;
      }
    },
    networkMode: 'always',
    staleTime: 30_000,
  });
  useEffect(() => {
    if (userId !== null && query.data) void patrolDb().then((db) => db.put('round', query.data, userId));
  }, [userId, query.data]);
  return query;
}

/**
 * Whether the officer's open check-in is at the property the screen works on (the host's, or the one selected in
 * the central area): true or false, null while it is read. Work that needs the round (placing a warning) asks this
 * before it asks for anything else (decision 0039 §13).
 */
export function useCheckedInHere(enabled = true) {
  const area = useArea();
  const hostProperty = useBootstrap().property?.id ?? null;
  const selected = usePropertyStore((s) => s.propertyId);
  const propertyId = area === 'tenant' ? hostProperty : selected;
  const active = useActiveCheckIn(enabled);
  const here = active.data ? active.data.checkIn?.property.id === propertyId : null;
  return { here, active };
}

/** What waits in the phone's queue, kept current. */
export function useQueued(): QueuedObservation[] {
  const [items, setItems] = useState<QueuedObservation[]>([]);
  useEffect(() => {
    let live = true;
    void queued().then((q) => live && setItems(q));
    const off = onQueueChange(({ pending }) => setItems(pending));
    return () => {
      live = false;
      off();
    };
  }, []);
  return items;
}

/** The query key of a round's observations (refreshed when a queued observation arrives). */
export const roundObservationsKey = (checkInId: number) => [
  `/patrolling/check-ins/${checkInId}/observations`,
];

/** The observations of one of the officer's own rounds, oldest first. */
export function useRoundObservations(checkInId: number | null | undefined, enabled = true) {
  return useQuery({
    queryKey: roundObservationsKey(checkInId ?? 0),
    queryFn: () => get<Observation[]>(roundObservationsKey(checkInId!)[0]!),
    enabled: enabled && !!checkInId,
  });
}
