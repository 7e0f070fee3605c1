import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/zones/')({
  validateSearch: catalogs.zones.validateSearch,
  component: ZonesList,
});

function ZonesList() {
  const { ListPage } = catalogs.zones;
  return <ListPage />;
}
