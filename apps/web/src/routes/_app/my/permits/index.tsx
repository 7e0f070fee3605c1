import { createFileRoute } from '@tanstack/react-router';
import { myPermitsListQuery } from '@parkade/contract';
import { listSearch } from '../../../../ui/list-search';
import { myPermitScreens } from '../../../../features/permits/my';

export const Route = createFileRoute('/_app/my/permits/')({
  validateSearch: listSearch(myPermitsListQuery),
  component: List,
});

function List() {
  const { ListPage } = myPermitScreens;
  return <ListPage />;
}
