import { createFileRoute } from '@tanstack/react-router';
import { zonesListQuery } from '@parkade/contract';
import { listSearch } from '../../../../ui/list-search';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/zones/')({
  validateSearch: listSearch(zonesListQuery),
  component: ZonesList,
});

function ZonesList() {
  const { ListPage } = catalogs.zones;
  return <ListPage />;
}
