import { createFileRoute } from '@tanstack/react-router';
import { PropertiesListPage, validatePropertiesSearch } from '../../../features/properties';

export const Route = createFileRoute('/_app/properties/')({
  validateSearch: validatePropertiesSearch,
  component: PropertiesList,
});

function PropertiesList() {
  return <PropertiesListPage />;
}
