import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/tows/$towId/edit')({
  component: TowsEdit,
});

function TowsEdit() {
  const { towId } = Route.useParams();
  const Page = catalogs.tows.Page;
  return <Page mode="edit" id={Number(towId)} />;
}
