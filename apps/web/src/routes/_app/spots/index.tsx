import { createFileRoute } from '@tanstack/react-router';
import { spotsListQuery } from '@parkade/contract';
import { listSearch } from '../../../ui/list-search';
import { spotScreens } from '../../../features/spots';

export const Route = createFileRoute('/_app/spots/')({
  validateSearch: listSearch(spotsListQuery),
  component: SpotsList,
});

function SpotsList() {
  const { ListPage } = spotScreens;
  return <ListPage />;
}
