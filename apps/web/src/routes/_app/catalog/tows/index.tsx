import { createFileRoute } from '@tanstack/react-router';
import { CATALOGS } from '@parkade/contract';
import { listSearch } from '../../../../ui/list-search';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/tows/')({
  validateSearch: listSearch(CATALOGS.tows.list),
  component: TowsList,
});

function TowsList() {
  const { ListPage } = catalogs.tows;
  return <ListPage />;
}
