import { createFileRoute } from '@tanstack/react-router';
import { PropertyPage } from '../../../../features/properties';

export const Route = createFileRoute('/_app/properties/$propertyId/edit')({
  component: PropertyEdit,
});

function PropertyEdit() {
  const { propertyId } = Route.useParams();
  return <PropertyPage mode="edit" id={Number(propertyId)} />;
}
