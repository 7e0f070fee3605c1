import { createFileRoute } from '@tanstack/react-router';
import { PropertyPage } from '../../../../features/properties';

export const Route = createFileRoute('/_app/properties/$propertyId/show')({
  component: PropertyShow,
});

function PropertyShow() {
  const { propertyId } = Route.useParams();
  return <PropertyPage mode="show" id={Number(propertyId)} />;
}
