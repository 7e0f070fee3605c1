import type { EmailSendCounts } from '@parkade/contract';
import { describe, expect, it } from 'vitest';
import i18n from '../../platform/i18n';
import {
  EMPTY_FILTERS,
  expiringDays,
  expiringInvalid,
  fileSize,
  filterSummary,
  filtersBody,
  isRunning,
  progressLine,
  progressOf,
} from './sending';

const en = i18n.getFixedT('en');
const es = i18n.getFixedT('es');
const counts = (c: Partial<EmailSendCounts>): EmailSendCounts => ({
  total: 0,
  queued: 0,
  sending: 0,
  sent: 0,
  failed: 0,
  cancelled: 0,
  retried: 0,
  ...c,
});

describe("a send's progress", () => {
  it('counts the recipients done with — sent, failed or not sent — of all', () => {
    expect(progressOf(counts({ total: 200, sent: 50, failed: 25, cancelled: 25, queued: 100 }))).toEqual({
      done: 100,
      total: 200,
      percent: 50,
    });
  });

  it('is not full while one recipient is left, and full when none is', () => {
    expect(progressOf(counts({ total: 2000, sent: 1999, queued: 1 })).percent).toBe(99);
    expect(progressOf(counts({ total: 2000, sent: 1990, failed: 10 })).percent).toBe(100);
  });

  it('says how many were sent of all, then the failed and the not sent, only when there are some', () => {
    expect(progressLine(counts({ total: 2000, sent: 1234, failed: 3, queued: 763 }), en, 'en-US')).toBe(
      '1,234 of 2,000 sent · 3 failed',
    );
    expect(progressLine(counts({ total: 2000, sent: 1234, queued: 766 }), en, 'en-US')).toBe(
      '1,234 of 2,000 sent',
    );
    expect(progressLine(counts({ total: 5, sent: 3, failed: 1, cancelled: 1 }), en, 'en-US')).toBe(
      '3 of 5 sent · 1 failed · 1 not sent',
    );
    expect(progressLine(counts({ total: 2000, sent: 1234, failed: 1 }), es, 'es-ES')).toBe(
      '1234 de 2000 enviados · 1 fallido',
    );
  });

  it('is followed while queued or sending, not once done or canceled', () => {
    expect(['queued', 'sending', 'done', 'cancelled'].map((s) => isRunning(s as never))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('the filters sent', () => {
  it('are none for every resident', () => {
    expect(filtersBody(EMPTY_FILTERS)).toEqual({});
  });

  it('are only the ones given, records by id', () => {
    expect(
      filtersBody({
        ...EMPTY_FILTERS,
        buildings: [{ id: 3, label: 'Tower A' }],
        units: [
          { id: 10, label: 'Tower A · 101' },
          { id: 11, label: 'Tower A · 102' },
        ],
        residentStatuses: ['active'],
        permitStatuses: ['approved', 'pending'],
        expiringWithin: ' 30 ',
        unsignedAgreement: true,
      }),
    ).toEqual({
      buildingIds: [3],
      unitIds: [10, 11],
      residentStatuses: ['active'],
      permitStatuses: ['approved', 'pending'],
      permitExpiringWithinDays: 30,
      unsignedAgreement: true,
    });
  });

  it('take "expiring within" only as a whole 0–365, and say when what is typed is not one', () => {
    expect(['0', '365', '', '366', '-1', '2.5', 'ten'].map(expiringDays)).toEqual([
      0,
      365,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(['', '  ', '7'].map(expiringInvalid)).toEqual([false, false, false]);
    expect(['366', 'x'].map(expiringInvalid)).toEqual([true, true]);
    expect(filtersBody({ ...EMPTY_FILTERS, expiringWithin: '400' })).toEqual({});
  });
});

describe("a send's filters in words", () => {
  const names = { buildings: new Map([[3, 'Tower A']]), units: new Map([[10, 'Tower A · 101']]) };

  it('say "all residents" when there are none', () => {
    expect(filterSummary({}, names, en)).toEqual(['All residents']);
  });

  it('name each filter on a line, records by name (or by id when it is unknown)', () => {
    expect(
      filterSummary(
        {
          buildingIds: [3, 4],
          unitIds: [10],
          residentStatuses: ['active', 'suspended'],
          permitStatuses: ['approved'],
          permitExpiringWithinDays: 30,
          unsignedAgreement: true,
        },
        names,
        en,
      ),
    ).toEqual([
      'Buildings: Tower A, #4',
      'Units: Tower A · 101',
      'Resident status: Active, Suspended',
      'Permit status: Valid',
      'Permit ending within 30 days',
      'Has not signed the permit agreement',
    ]);
    expect(filterSummary({ permitExpiringWithinDays: 1 }, names, es)).toEqual(['Permiso que vence en 1 día']);
  });
});

describe('a file size', () => {
  it('reads in kB below a megabyte and in MB from one', () => {
    expect(fileSize(820 * 1024, 'en-US')).toBe('820 kB');
    expect(fileSize(200, 'en-US')).toBe('1 kB');
    expect(fileSize(1.4 * 1024 * 1024, 'en-US')).toBe('1.4 MB');
  });
});
