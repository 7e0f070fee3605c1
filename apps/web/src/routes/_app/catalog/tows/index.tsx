import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../../ui/list-search';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/tows/')({
  validateSearch: listSearch,
  component: TowsList,
});

function TowsList() {
  const { ListPage } = catalogs.tows;
  return <ListPage />;
}
