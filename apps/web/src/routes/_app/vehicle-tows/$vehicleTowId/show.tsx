import { createFileRoute } from '@tanstack/react-router';
import { vehicleTowScreens } from '../../../../features/vehicle-tows';

export const Route = createFileRoute('/_app/vehicle-tows/$vehicleTowId/show')({ component: PageShow });

function PageShow() {
  const { vehicleTowId } = Route.useParams();
  const { Page } = vehicleTowScreens;
  return <Page mode="show" id={Number(vehicleTowId)} />;
}
