import { createFileRoute } from '@tanstack/react-router';
import { REPORT_RESERVED_ACTION as REPORT_RESERVED } from '@parkade/contract';
import { listSearch, type ListSearch } from '../../../../ui/list-search';
import { myPermitScreens } from '../../../../features/permits/my';
import { MySpotReports, ReportReservedRoute } from '../../../../features/spot-reports/my';

/**
 * /my/permits takes the search action `report-reserved` (issue 17): the resident reports a car parked in their
 * reserved spot, a record the office and patrol see (/spot-reports). Their reports follow their permits.
 */
export const Route = createFileRoute('/_app/my/permits/')({
  validateSearch: (search: Record<string, unknown>): ListSearch & { action?: typeof REPORT_RESERVED } => {
    const { action, ...list } = listSearch(search);
    return { ...list, ...(action === REPORT_RESERVED ? { action: REPORT_RESERVED } : {}) };
  },
  component: List,
});

function List() {
  const { ListPage } = myPermitScreens;
  const { action } = Route.useSearch();
  return (
    <>
      <ListPage />
      <MySpotReports />
      <ReportReservedRoute open={action === REPORT_RESERVED} />
    </>
  );
}
