import { createFileRoute } from '@tanstack/react-router';
import { BulkUnitsPage } from '../../../../features/units/BulkUnitsPage';

export const Route = createFileRoute('/_app/buildings/$buildingId/unit')({
  component: BuildingUnits,
});

function BuildingUnits() {
  const { buildingId } = Route.useParams();
  return <BulkUnitsPage buildingId={Number(buildingId)} />;
}
