import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../ui/list-search';
import { permitWarningScreens } from '../../../features/permit-warnings';

export const Route = createFileRoute('/_app/permit-warnings/')({
  validateSearch: listSearch,
  component: List,
});

function List() {
  const { ListPage } = permitWarningScreens;
  return <ListPage />;
}
