import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../ui/list-search';
import { residentScreens } from '../../../features/residents';

export const Route = createFileRoute('/_app/residents/')({
  validateSearch: listSearch,
  component: List,
});

function List() {
  const { ListPage } = residentScreens;
  return <ListPage />;
}
