import { createFileRoute } from '@tanstack/react-router';
import { buildingScreens } from '../../../../features/buildings';

export const Route = createFileRoute('/_app/buildings/$buildingId/edit')({
  component: BuildingEditPage,
});

function BuildingEditPage() {
  const { buildingId } = Route.useParams();
  const { Page } = buildingScreens;
  return <Page mode="edit" id={Number(buildingId)} />;
}
