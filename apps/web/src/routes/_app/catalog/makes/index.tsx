import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../../ui/list-search';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/makes/')({
  validateSearch: listSearch,
  component: MakesList,
});

function MakesList() {
  const { ListPage } = catalogs.makes;
  return <ListPage />;
}
