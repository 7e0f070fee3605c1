import { createFileRoute } from '@tanstack/react-router';
import { PropertyCreatePage } from '../../../features/properties';

export const Route = createFileRoute('/_app/properties/create')({
  component: PropertyCreate,
});

function PropertyCreate() {
  return <PropertyCreatePage />;
}
