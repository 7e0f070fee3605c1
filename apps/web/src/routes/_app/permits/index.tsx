import { createFileRoute } from '@tanstack/react-router';
import { permitScreens } from '../../../features/permits';

export const Route = createFileRoute('/_app/permits/')({
  validateSearch: permitScreens.validateSearch,
  component: List,
});

function List() {
  const { ListPage } = permitScreens;
  return <ListPage />;
}
