import { createFileRoute } from '@tanstack/react-router';
import { permitWarningsListQuery } from '@parkade/contract';
import { listSearch } from '../../../ui/list-search';
import { permitWarningScreens } from '../../../features/permit-warnings';

export const Route = createFileRoute('/_app/permit-warnings/')({
  validateSearch: listSearch(permitWarningsListQuery),
  component: List,
});

function List() {
  const { ListPage } = permitWarningScreens;
  return <ListPage />;
}
