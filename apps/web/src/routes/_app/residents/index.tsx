import { createFileRoute } from '@tanstack/react-router';
import { residentScreens } from '../../../features/residents';

export const Route = createFileRoute('/_app/residents/')({
  validateSearch: residentScreens.validateSearch,
  component: List,
});

function List() {
  const { ListPage } = residentScreens;
  return <ListPage />;
}
