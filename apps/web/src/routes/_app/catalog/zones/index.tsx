import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../../ui/list-search';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/zones/')({
  validateSearch: listSearch,
  component: ZonesList,
});

function ZonesList() {
  const { ListPage } = catalogs.zones;
  return <ListPage />;
}
