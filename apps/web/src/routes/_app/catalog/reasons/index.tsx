import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/reasons/')({
  validateSearch: catalogs.reasons.validateSearch,
  component: ReasonsList,
});

function ReasonsList() {
  const { ListPage } = catalogs.reasons;
  return <ListPage />;
}
