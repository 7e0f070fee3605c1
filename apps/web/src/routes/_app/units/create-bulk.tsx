import { createFileRoute } from '@tanstack/react-router';
import { BulkUnitsPage } from '../../../features/units/BulkUnitsPage';

export const Route = createFileRoute('/_app/units/create-bulk')({
  component: UnitsBulk,
});

function UnitsBulk() {
  return <BulkUnitsPage />;
}
