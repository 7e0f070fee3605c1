import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../ui/list-search';
import { patrolReportScreens } from '../../../features/patrol-reports';

export const Route = createFileRoute('/_app/patrolling-reports/')({
  validateSearch: listSearch,
  component: List,
});

function List() {
  const { ListPage } = patrolReportScreens;
  return <ListPage />;
}
