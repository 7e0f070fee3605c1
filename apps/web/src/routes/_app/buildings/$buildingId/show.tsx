import { createFileRoute } from '@tanstack/react-router';
import { buildingScreens } from '../../../../features/buildings';

export const Route = createFileRoute('/_app/buildings/$buildingId/show')({
  component: BuildingShowPage,
});

function BuildingShowPage() {
  const { buildingId } = Route.useParams();
  const { Page } = buildingScreens;
  return <Page mode="show" id={Number(buildingId)} />;
}
