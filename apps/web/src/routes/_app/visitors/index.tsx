import { createFileRoute } from '@tanstack/react-router';
import { visitorScreens } from '../../../features/visitors';
import { visitorsSearch } from '../../../features/visitors/search';

export const Route = createFileRoute('/_app/visitors/')({
  validateSearch: visitorsSearch,
  component: List,
});

function List() {
  const { ListPage } = visitorScreens;
  return <ListPage />;
}
