import { createFileRoute } from '@tanstack/react-router';
import { CATALOGS } from '@parkade/contract';
import { listSearch } from '../../../../ui/list-search';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/zones/')({
  validateSearch: listSearch(CATALOGS.zones.list),
  component: ZonesList,
});

function ZonesList() {
  const { ListPage } = catalogs.zones;
  return <ListPage />;
}
