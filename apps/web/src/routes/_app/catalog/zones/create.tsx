import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/zones/create')({
  component: ZonesCreate,
});

function ZonesCreate() {
  const { CreatePage } = catalogs.zones;
  return <CreatePage />;
}
