import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../ui/list-search';
import { roleScreens } from '../../../features/roles';

export const Route = createFileRoute('/_app/roles/')({
  validateSearch: listSearch,
  component: List,
});

function List() {
  const { ListPage } = roleScreens;
  return <ListPage />;
}
