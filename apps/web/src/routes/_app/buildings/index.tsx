import { createFileRoute } from '@tanstack/react-router';
import { buildingScreens } from '../../../features/buildings';

export const Route = createFileRoute('/_app/buildings/')({
  validateSearch: buildingScreens.validateSearch,
  component: BuildingsList,
});

function BuildingsList() {
  const { ListPage } = buildingScreens;
  return <ListPage />;
}
