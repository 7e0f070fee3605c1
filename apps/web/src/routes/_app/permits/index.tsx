import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../ui/list-search';
import { permitScreens } from '../../../features/permits';

export const Route = createFileRoute('/_app/permits/')({
  validateSearch: listSearch,
  component: List,
});

function List() {
  const { ListPage } = permitScreens;
  return <ListPage />;
}
