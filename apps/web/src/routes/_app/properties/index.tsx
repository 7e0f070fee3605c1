import { createFileRoute } from '@tanstack/react-router';
import { PropertiesListPage } from '../../../features/properties';
import { validatePropertiesSearch } from '../../../features/properties/search';

export const Route = createFileRoute('/_app/properties/')({
  validateSearch: validatePropertiesSearch,
  component: PropertiesList,
});

function PropertiesList() {
  return <PropertiesListPage />;
}
