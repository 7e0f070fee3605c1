import { createFileRoute } from '@tanstack/react-router';
import { buildingScreens } from '../../../features/buildings';

export const Route = createFileRoute('/_app/buildings/create')({
  component: BuildingCreate,
});

function BuildingCreate() {
  const { CreatePage } = buildingScreens;
  return <CreatePage />;
}
