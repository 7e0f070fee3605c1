import type { MailReport, PatrolCoverage } from '@parkade/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import '../../platform/i18n';
import { MailCard, PatrolCard } from './ActivityCards';
import { reportParams } from './queries';

/*
 * The patrol and "Imports and mail" cards (decision 0047) drawn from an answer of their report: each chart is a
 * figure named for assistive technology with its drawing inside, each table carries the figures in the reader's
 * words. The answer is put in the query cache as the API gives it (the figures themselves are tested on the server).
 */

const periods = ['2026-03', '2026-04'];
const base = {
  from: '2026-03-01',
  to: '2026-04-30',
  groupBy: 'month' as const,
  timeZone: 'Asia/Shanghai',
  periods,
};
const verdicts = { banned: 1, permitted: 3, visitor: 0, later: 0, pending: 0, expired: 0, none: 2 };
const patrol: PatrolCoverage = {
  ...base,
  rounds: [
    { key: 'closed', name: null, values: [2, 1], total: 3 },
    { key: 'open', name: null, values: [0, 1], total: 1 },
  ],
  lookups: [
    { key: 'banned', name: null, values: [1, 0], total: 1 },
    { key: 'permitted', name: null, values: [2, 1], total: 3 },
    { key: 'none', name: null, values: [0, 2], total: 2 },
  ],
  seconds: [7500, 1800],
  officers: [
    {
      key: 'tenant:7',
      name: 'Ana Officer',
      rounds: 4,
      open: 1,
      seconds: 9300,
      averageSeconds: 3100,
      observations: 8,
      lookups: 6,
      verdicts,
    },
  ],
  totals: { rounds: 4, open: 1, seconds: 9300, averageSeconds: 3100, observations: 8, lookups: 6 },
};
const statuses = { pending: 1, queued: 0, sent: 9, failed: 2, stored: 0 };
const mail: MailReport = {
  ...base,
  importRows: [
    { key: 'imported', name: null, values: [40, 0], total: 40 },
    { key: 'refused', name: null, values: [0, 2], total: 2 },
  ],
  importCount: 2,
  imports: [
    {
      kind: 'units',
      at: '2026-04-02T03:00:00.000Z',
      fileName: 'units.xlsx',
      state: 'rejected',
      rows: 5,
      imported: 0,
      refused: 2,
    },
    {
      kind: 'residents',
      at: '2026-03-10T03:00:00.000Z',
      fileName: 'residents.xlsx',
      state: 'done',
      rows: 40,
      imported: 40,
      refused: 0,
    },
  ],
  mail: [
    { key: 'pending', name: null, values: [0, 1], total: 1 },
    { key: 'sent', name: null, values: [5, 4], total: 9 },
    { key: 'failed', name: null, values: [2, 0], total: 2 },
  ],
  byKind: [{ kind: 'visitor-receipt', total: 12, statuses }],
};

function renderCard(name: 'patrol' | 'mail', answer: unknown, card: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(['/reports', name, reportParams({}, name), 'en'], answer);
  return render(<QueryClientProvider client={client}>{card}</QueryClientProvider>);
}

const figure = (title: string) => screen.getByRole('figure', { name: `Chart: ${title}` });
const rowOf = (table: string, first: string) =>
  within(screen.getByRole('table', { name: table }))
    .getByRole('cell', { name: first })
    .closest('tr')!;

describe('PatrolCard', () => {
  it('draws the rounds and lookups charts and tells the time on site, per verdict and per officer', () => {
    renderCard('patrol', patrol, <PatrolCard search={{}} />);
    expect(screen.getByRole('heading', { name: 'Patrol coverage' })).toBeTruthy();
    for (const chart of ['Rounds', 'Plate lookups']) expect(figure(chart).querySelector('svg')).toBeTruthy();
    expect(within(figure('Rounds')).getAllByText('Not checked out').length).toBeGreaterThan(0);
    expect(rowOf('Rounds', 'Time on site').textContent).toContain('2 h 35 min');
    expect(rowOf('Rounds', 'Average round').textContent).toContain('52 min');
    expect(
      screen.getByText('A round never checked out counts as a round, without time on site.'),
    ).toBeTruthy();
    expect(rowOf('Plate lookups by verdict', 'Valid permit').textContent).toContain('3');
    const ana = rowOf('Per officer', 'Ana Officer');
    expect([...ana.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      'Ana Officer',
      '4',
      '1',
      '2 h 35 min',
      '52 min',
      '8',
      '6',
    ]);
  });
});

describe('MailCard', () => {
  it('draws the import rows and mail charts, lists each import and counts the mail per kind', () => {
    renderCard('mail', mail, <MailCard search={{}} />);
    expect(screen.getByRole('heading', { name: 'Imports and mail' })).toBeTruthy();
    for (const chart of ['Imported rows', 'Mail by delivery status'])
      expect(figure(chart).querySelector('svg')).toBeTruthy();
    expect(rowOf('Imported rows', 'Imports started').textContent).toContain('2');
    const refused = rowOf('Imports', 'units.xlsx');
    expect(refused.textContent).toContain('Refused: nothing written');
    expect(refused.textContent).toContain('Units');
    expect(
      [...rowOf('Mail by kind', 'Visitor receipt').querySelectorAll('td')].map((c) => c.textContent),
    ).toEqual(['Visitor receipt', '12', '1', '0', '9', '2', '0']);
  });
});

describe('reportParams', () => {
  it('sends a report only the filters it reads', () => {
    const search = {
      from: '2026-01-01',
      to: '2026-01-31',
      groupBy: 'day' as const,
      buildingId: 3,
      permitTypeId: 4,
    };
    expect(reportParams(search, 'permits')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      groupBy: 'day',
      buildingId: '3',
      permitTypeId: '4',
    });
    expect(reportParams(search, 'patrol')).toEqual({ from: '2026-01-01', to: '2026-01-31', groupBy: 'day' });
    expect(reportParams(search, 'mail')).toEqual({ from: '2026-01-01', to: '2026-01-31', groupBy: 'day' });
    expect(reportParams(search, 'visitors')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      groupBy: 'day',
      buildingId: '3',
    });
    expect(reportParams(search, 'occupancy')).toEqual({});
  });
});
