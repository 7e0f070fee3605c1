import { createFileRoute } from '@tanstack/react-router';
import { permitsListQuery } from '@parkade/contract';
import { listSearch } from '../../../ui/list-search';
import { permitScreens } from '../../../features/permits';

export const Route = createFileRoute('/_app/permits/')({
  validateSearch: listSearch(permitsListQuery),
  component: List,
});

function List() {
  const { ListPage } = permitScreens;
  return <ListPage />;
}
