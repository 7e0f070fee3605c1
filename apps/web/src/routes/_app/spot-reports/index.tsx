import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../ui/list-search';
import { spotReportScreens } from '../../../features/spot-reports';

export const Route = createFileRoute('/_app/spot-reports/')({
  validateSearch: listSearch,
  component: List,
});

function List() {
  const { ListPage } = spotReportScreens;
  return <ListPage />;
}
