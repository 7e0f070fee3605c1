import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/request-types/create')({
  component: RequestTypesCreate,
});

function RequestTypesCreate() {
  const { CreatePage } = catalogs['request-types'];
  return <CreatePage />;
}
