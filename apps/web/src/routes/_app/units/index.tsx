import { createFileRoute } from '@tanstack/react-router';
import { unitScreens } from '../../../features/units';

export const Route = createFileRoute('/_app/units/')({
  validateSearch: unitScreens.validateSearch,
  component: UnitsList,
});

function UnitsList() {
  const { ListPage } = unitScreens;
  return <ListPage />;
}
