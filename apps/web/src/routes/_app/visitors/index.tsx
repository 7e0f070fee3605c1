import { createFileRoute } from '@tanstack/react-router';
import { visitorScreens } from '../../../features/visitors';
import { listSearch } from '../../../ui/list-search';

export const Route = createFileRoute('/_app/visitors/')({
  validateSearch: listSearch,
  component: List,
});

function List() {
  const { ListPage } = visitorScreens;
  return <ListPage />;
}
