import { createFileRoute } from '@tanstack/react-router';
import { patrolReportsListQuery } from '@parkade/contract';
import { listSearch } from '../../../ui/list-search';
import { patrolReportScreens } from '../../../features/patrol-reports';

export const Route = createFileRoute('/_app/patrolling-reports/')({
  validateSearch: listSearch(patrolReportsListQuery),
  component: List,
});

function List() {
  const { ListPage } = patrolReportScreens;
  return <ListPage />;
}
