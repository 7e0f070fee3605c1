import { createFileRoute } from '@tanstack/react-router';
import { unitScreens } from '../../../../features/units';

export const Route = createFileRoute('/_app/units/$unitId/show')({
  component: UnitShowPage,
});

function UnitShowPage() {
  const { unitId } = Route.useParams();
  const { Page } = unitScreens;
  return <Page mode="show" id={Number(unitId)} />;
}
