import type { PositionBody } from '@parkade/contract';

/**
 * The phone's position for a check-in or check-out, or why there is none (SPEC §8): the permission refused, or no
 * position to be had (no geolocation in this browser, no fix within 20 s). The server decides what it means.
 */
export function readPosition(): Promise<PositionBody> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator))
    return Promise.resolve({ failure: 'unavailable' });
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy }),
      (e) => resolve({ failure: e.code === e.PERMISSION_DENIED ? 'permission-denied' : 'unavailable' }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 30_000 },
    ),
  );
}
