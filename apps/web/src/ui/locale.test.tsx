import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import '../platform/i18n';
import { formatDate, formatDateTime, formatTime, ShownTimeZone, useUiLocale } from './locale';

/**
 * Every time in the property's zone, named only where the reader's zone would show another time (decision 0039
 * §12). 2026-11-28T17:57Z is 11:57 in Chicago (CST, UTC−6), 12:57 in New York, 18:57 in Madrid.
 */
const AT = '2026-11-28T17:57:00Z';
const es = (timeZone: string | null, readerZone?: string | null) => ({
  intlLocale: 'es-ES',
  timeZone,
  readerZone,
});
const en = (timeZone: string | null, readerZone?: string | null) => ({
  intlLocale: 'en-US',
  timeZone,
  readerZone,
});

describe('formatDateTime', () => {
  it("shows the property's time, without its zone, to a reader in that zone", () => {
    expect(formatDateTime(AT, en('America/Chicago', 'America/Chicago'))).toBe('Nov 28, 2026, 11:57 AM');
    expect(formatDateTime(AT, es('America/Chicago', 'America/Chicago'))).toBe('28 nov 2026, 11:57');
  });

  it("names the property's zone to a reader in another one, in the reader's language", () => {
    expect(formatDateTime(AT, en('America/Chicago', 'Europe/Madrid'))).toBe('Nov 28, 2026, 11:57 AM CST');
    expect(formatDateTime(AT, es('America/Chicago', 'Europe/Madrid'))).toBe('28 nov 2026, 11:57 GMT-6');
    expect(formatDateTime(AT, { ...es('America/Chicago', 'Europe/Madrid'), intlLocale: 'zh-CN' })).toBe(
      '2026年11月28日 11:57 GMT-6',
    );
  });

  it('names it only when the clock differs: another zone at the same time needs no label', () => {
    // Winnipeg keeps Chicago's clock all year.
    expect(formatDateTime(AT, en('America/Chicago', 'America/Winnipeg'))).toBe('Nov 28, 2026, 11:57 AM');
  });

  it('names it when the reader is unknown (a PDF, a mail) and never for a time in the reader’s own zone', () => {
    expect(formatDateTime(AT, en('America/Chicago'))).toBe('Nov 28, 2026, 11:57 AM CST');
    expect(formatDateTime(AT, en(null, 'America/Chicago'))).not.toMatch(/CST|GMT/);
  });

  it('shows a zone it does not know in the reader’s own, rather than failing', () => {
    expect(formatDateTime(AT, en('Mars/Olympus', 'America/Chicago'))).not.toMatch(/Mars/);
    expect(formatDateTime('', en('America/Chicago'))).toBe('');
  });
});

describe('formatDate and formatTime', () => {
  it('a date is that day anywhere; an instant is the day it is at the property', () => {
    expect(formatDate('2026-11-28', es('Pacific/Kiritimati', 'Pacific/Pago_Pago'))).toBe('28 nov 2026');
    // 03:00 UTC on the 29th is still the 28th in Chicago.
    expect(formatDate('2026-11-29T03:00:00Z', en('America/Chicago', 'Asia/Tokyo'))).toBe('Nov 28, 2026');
  });

  it('a time alone is labelled as a date-time is', () => {
    expect(formatTime(AT, es('America/Chicago', 'Europe/Madrid'))).toBe('11:57 GMT-6');
    expect(formatTime(AT, es('America/Chicago', 'America/Chicago'))).toBe('11:57');
  });
});

describe('useUiLocale', () => {
  it("carries the zone of the screen it is in (ShownTimeZone) and the browser's as the reader's", () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ShownTimeZone.Provider value="America/Chicago">{children}</ShownTimeZone.Provider>
    );
    const inside = renderHook(() => useUiLocale(), { wrapper }).result.current;
    expect(inside.timeZone).toBe('America/Chicago');
    expect(inside.readerZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(renderHook(() => useUiLocale()).result.current.timeZone).toBeNull();
  });
});
