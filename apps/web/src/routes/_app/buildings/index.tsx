import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../ui/list-search';
import { buildingScreens } from '../../../features/buildings';

export const Route = createFileRoute('/_app/buildings/')({
  validateSearch: listSearch,
  component: BuildingsList,
});

function BuildingsList() {
  const { ListPage } = buildingScreens;
  return <ListPage />;
}
