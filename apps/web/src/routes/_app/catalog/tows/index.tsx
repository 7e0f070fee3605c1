import { createFileRoute } from '@tanstack/react-router';
import { towsListQuery } from '@parkade/contract';
import { listSearch } from '../../../../ui/list-search';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/tows/')({
  validateSearch: listSearch(towsListQuery),
  component: TowsList,
});

function TowsList() {
  const { ListPage } = catalogs.tows;
  return <ListPage />;
}
