import { createFileRoute } from '@tanstack/react-router';
import { spotReportsListQuery } from '@parkade/contract';
import { listSearch } from '../../../ui/list-search';
import { spotReportScreens } from '../../../features/spot-reports';

export const Route = createFileRoute('/_app/spot-reports/')({
  validateSearch: listSearch(spotReportsListQuery),
  component: List,
});

function List() {
  const { ListPage } = spotReportScreens;
  return <ListPage />;
}
