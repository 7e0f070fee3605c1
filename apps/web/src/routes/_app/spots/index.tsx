import { createFileRoute } from '@tanstack/react-router';
import { spotScreens } from '../../../features/spots';

export const Route = createFileRoute('/_app/spots/')({
  validateSearch: spotScreens.validateSearch,
  component: SpotsList,
});

function SpotsList() {
  const { ListPage } = spotScreens;
  return <ListPage />;
}
