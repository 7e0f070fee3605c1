import { createFileRoute } from '@tanstack/react-router';
import { PropertiesListPage } from '../../../features/properties';
import { listSearch } from '../../../ui/list-search';

export const Route = createFileRoute('/_app/properties/')({
  validateSearch: listSearch,
  component: PropertiesList,
});

function PropertiesList() {
  return <PropertiesListPage />;
}
