import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/zones/$zoneId/edit')({
  component: ZonesEdit,
});

function ZonesEdit() {
  const { zoneId } = Route.useParams();
  const Page = catalogs.zones.Page;
  return <Page mode="edit" id={Number(zoneId)} />;
}
