import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../../ui/list-search';
import { myCaregiverScreens } from '../../../../features/caregivers/my';

export const Route = createFileRoute('/_app/my/caregivers/')({
  validateSearch: listSearch,
  component: List,
});

function List() {
  const { ListPage } = myCaregiverScreens;
  return <ListPage />;
}
