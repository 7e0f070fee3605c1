import { createFileRoute } from '@tanstack/react-router';
import { rolesListQuery } from '@parkade/contract';
import { listSearch } from '../../../ui/list-search';
import { roleScreens } from '../../../features/roles';

export const Route = createFileRoute('/_app/roles/')({
  validateSearch: listSearch(rolesListQuery),
  component: List,
});

function List() {
  const { ListPage } = roleScreens;
  return <ListPage />;
}
