import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../../ui/list-search';
import { myVisitorScreens } from '../../../../features/visitors/my';

export const Route = createFileRoute('/_app/my/visitors/')({
  validateSearch: listSearch,
  component: List,
});

function List() {
  const { ListPage } = myVisitorScreens;
  return <ListPage />;
}
