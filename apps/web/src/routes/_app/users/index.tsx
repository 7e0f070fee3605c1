import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../ui/list-search';
import { userScreens } from '../../../features/users';

export const Route = createFileRoute('/_app/users/')({
  // From the contract, not from the screens: what a route declares outside its component is in the entry file.
  validateSearch: listSearch,
  component: List,
});

function List() {
  const { ListPage } = userScreens;
  return <ListPage />;
}
