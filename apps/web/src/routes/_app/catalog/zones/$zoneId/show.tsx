import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/zones/$zoneId/show')({
  component: ZonesShow,
});

function ZonesShow() {
  const { zoneId } = Route.useParams();
  const Page = catalogs.zones.Page;
  return <Page mode="show" id={Number(zoneId)} />;
}
