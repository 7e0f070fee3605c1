import type { OverviewFigures, OverviewResponse } from '@parkade/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../platform/i18n';
import CentralOverview from './CentralOverview';

/*
 * The central dashboard's comparison (decision 0052) drawn from an answer of GET /dashboard/overview: a chart per
 * figure (a named figure, its figures behind "Show the figures"), nothing drawn where nothing counts, the zones' and
 * properties' tables with their totals, and "Show here" named by its own words first (WCAG 2.5.3). The figures
 * themselves are tested on the server (overview.test.ts).
 */

const none: OverviewFigures = {
  permitsPending: 0,
  permitsValid: 0,
  visitorsToday: 0,
  warningsThisMonth: 0,
  towsThisMonth: 0,
  spots: 0,
  spotsInUse: 0,
  spotsOutOfService: 0,
  occupancy: null,
  permits: [],
  visitors: [],
};
const oak: OverviewFigures = {
  ...none,
  permitsPending: 3,
  permitsValid: 2,
  warningsThisMonth: 4,
  towsThisMonth: 1,
  spots: 40,
  spotsInUse: 10,
  occupancy: 0.25,
  permits: [
    { status: 'pending', count: 3 },
    { status: 'valid', count: 2 },
  ],
};
const maple: OverviewFigures = { ...none, permitsPending: 1, permits: [{ status: 'pending', count: 1 }] };
const sum = (a: OverviewFigures, b: OverviewFigures): OverviewFigures => ({
  ...a,
  permitsPending: a.permitsPending + b.permitsPending,
  permitsValid: a.permitsValid + b.permitsValid,
  warningsThisMonth: a.warningsThisMonth + b.warningsThisMonth,
  towsThisMonth: a.towsThisMonth + b.towsThisMonth,
  spots: a.spots + b.spots,
  spotsInUse: a.spotsInUse + b.spotsInUse,
  occupancy: 10 / 40,
  permits: [
    { status: 'pending', count: 4 },
    { status: 'valid', count: 2 },
  ],
});
const answer: OverviewResponse = {
  permitDays: 30,
  visitorDays: 14,
  zones: [
    { ...maple, id: 2, name: 'Portland Metro', properties: 1 },
    { ...oak, id: 1, name: 'Travis County', properties: 1 },
  ],
  properties: [
    { ...maple, id: 20, code: 'maplewood', name: 'Maplewood Commons', zoneId: 2, zone: 'Portland Metro' },
    { ...oak, id: 10, code: 'oakridge', name: 'Oakridge Apartments', zoneId: 1, zone: 'Travis County' },
  ],
  totals: { ...sum(oak, maple), properties: 2 },
};

function renderOverview(onShow?: (p: { id: number }) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(['/dashboard/overview', {}, 'en'], answer);
  return render(
    <QueryClientProvider client={client}>
      <CentralOverview zone={null} onShow={onShow} />
    </QueryClientProvider>,
  );
}

/** The texts of a table's row whose first cell reads `first`. */
function rowCells(table: string, first: string) {
  const rows = within(screen.getByRole('table', { name: table })).getAllByRole('row');
  const row = rows.find((r) => r.querySelector('th, td')?.textContent === first);
  if (!row) throw new Error(`no row "${first}" in ${table}`);
  return [...row.querySelectorAll('th, td')].map((c) => c.textContent);
}

describe('CentralOverview', () => {
  it('compares the zones in charts with their figures behind a disclosure, and says so where nothing counts', async () => {
    renderOverview();
    expect(screen.getByRole('heading', { name: 'Zones and properties' })).toBeTruthy();
    for (const chart of ['Permits, last 30 days', 'Warnings and tows this month', 'Occupancy today'])
      expect(
        (await screen.findByRole('figure', { name: `Chart: ${chart} (By zone)` })).querySelector('svg'),
      ).toBeTruthy();
    // No visitor permit anywhere: a sentence, not an empty chart.
    const visitors = screen.getByRole('region', { name: 'Visitor permits, last 14 days' });
    expect(within(visitors).queryByRole('figure')).toBeNull();
    expect(within(visitors).getByText('Nothing to count.')).toBeTruthy();
    // The permits chart's figures, a row per zone with the statuses present and their total.
    expect(rowCells('Permits, last 30 days (By zone)', 'Travis County')).toEqual([
      'Travis County',
      '3',
      '2',
      '5',
    ]);
  });

  it('lists the zones and properties with totals; a property opens its own host, "Show here" chooses it', () => {
    const onShow = vi.fn();
    renderOverview(onShow);
    expect(rowCells('By zone', 'Total')).toEqual(['Total', '2', '4', '2', '0', '4', '1', '25%']);
    const link = screen.getByRole('link', { name: /^Oakridge Apartments/ });
    expect(link.getAttribute('href')).toMatch(/^http:\/\/oakridge\.localhost(:\d+)?\/dashboard$/);
    expect(link.getAttribute('target')).toBe('_blank');
    // The button's name starts with what it shows (WCAG 2.5.3, axe label-content-name-mismatch).
    const show = screen.getByRole('button', { name: 'Show here: Oakridge Apartments, on this dashboard' });
    fireEvent.click(show);
    expect(onShow).toHaveBeenCalledWith(expect.objectContaining({ id: 10, code: 'oakridge' }));
  });
});
