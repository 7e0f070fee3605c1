import { createFileRoute } from '@tanstack/react-router';
import { unitScreens } from '../../../../features/units';

export const Route = createFileRoute('/_app/units/$unitId/edit')({
  component: UnitEditPage,
});

function UnitEditPage() {
  const { unitId } = Route.useParams();
  const { Page } = unitScreens;
  return <Page mode="edit" id={Number(unitId)} />;
}
