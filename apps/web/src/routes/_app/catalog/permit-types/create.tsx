import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/permit-types/create')({
  component: PermitTypesCreate,
});

function PermitTypesCreate() {
  const { CreatePage } = catalogs['permit-types'];
  return <CreatePage />;
}
