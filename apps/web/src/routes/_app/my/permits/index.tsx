import { createFileRoute } from '@tanstack/react-router';
import { myPermitScreens } from '../../../../features/permits/my';

export const Route = createFileRoute('/_app/my/permits/')({
  validateSearch: myPermitScreens.validateSearch,
  component: List,
});

function List() {
  const { ListPage } = myPermitScreens;
  return <ListPage />;
}
