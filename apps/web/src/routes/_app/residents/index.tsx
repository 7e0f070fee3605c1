import { createFileRoute } from '@tanstack/react-router';
import { residentsListQuery } from '@parkade/contract';
import { listSearch } from '../../../ui/list-search';
import { residentScreens } from '../../../features/residents';

export const Route = createFileRoute('/_app/residents/')({
  validateSearch: listSearch(residentsListQuery),
  component: List,
});

function List() {
  const { ListPage } = residentScreens;
  return <ListPage />;
}
