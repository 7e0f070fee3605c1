import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/warnings/create')({
  component: WarningsCreate,
});

function WarningsCreate() {
  const { CreatePage } = catalogs.warnings;
  return <CreatePage />;
}
