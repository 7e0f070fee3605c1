import { createFileRoute } from '@tanstack/react-router';
import { userScreens } from '../../../features/users';

export const Route = createFileRoute('/_app/users/')({
  validateSearch: userScreens.validateSearch,
  component: List,
});

function List() {
  const { ListPage } = userScreens;
  return <ListPage />;
}
