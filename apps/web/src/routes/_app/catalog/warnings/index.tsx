import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/warnings/')({
  validateSearch: catalogs.warnings.validateSearch,
  component: WarningsList,
});

function WarningsList() {
  const { ListPage } = catalogs.warnings;
  return <ListPage />;
}
