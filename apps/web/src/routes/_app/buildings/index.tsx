import { createFileRoute } from '@tanstack/react-router';
import { buildingsListQuery } from '@parkade/contract';
import { listSearch } from '../../../ui/list-search';
import { buildingScreens } from '../../../features/buildings';

export const Route = createFileRoute('/_app/buildings/')({
  validateSearch: listSearch(buildingsListQuery),
  component: BuildingsList,
});

function BuildingsList() {
  const { ListPage } = buildingScreens;
  return <ListPage />;
}
