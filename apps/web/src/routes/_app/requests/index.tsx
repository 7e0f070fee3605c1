import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../ui/list-search';
import { requestScreens } from '../../../features/requests';

export const Route = createFileRoute('/_app/requests/')({
  validateSearch: listSearch,
  component: List,
});

function List() {
  const { ListPage } = requestScreens;
  return <ListPage />;
}
