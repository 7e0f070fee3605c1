import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../ui/list-search';
import { spotScreens } from '../../../features/spots';

export const Route = createFileRoute('/_app/spots/')({
  validateSearch: listSearch,
  component: SpotsList,
});

function SpotsList() {
  const { ListPage } = spotScreens;
  return <ListPage />;
}
