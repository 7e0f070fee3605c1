import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/tows/$towId/show')({
  component: TowsShow,
});

function TowsShow() {
  const { towId } = Route.useParams();
  const Page = catalogs.tows.Page;
  return <Page mode="show" id={Number(towId)} />;
}
