import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/reasons/create')({
  component: ReasonsCreate,
});

function ReasonsCreate() {
  const { CreatePage } = catalogs.reasons;
  return <CreatePage />;
}
