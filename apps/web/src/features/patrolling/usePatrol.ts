import type { ActiveCheckIn, Observation } from '@parkade/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { get } from '../../platform/api';
import { onQueueChange, queued, type QueuedObservation } from './queue';

export const ACTIVE_CHECK_IN_KEY = ['/patrolling/check-ins/active'];

/** The signed-in officer's open check-in, wherever it is (null when checked out). */
export function useActiveCheckIn(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ACTIVE_CHECK_IN_KEY,
    queryFn: () => get<ActiveCheckIn>('/patrolling/check-ins/active'),
    staleTime: 30_000,
  });
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
