import { createFileRoute } from '@tanstack/react-router';
import { myCaregiverScreens } from '../../../../../features/caregivers/my';

export const Route = createFileRoute('/_app/my/caregivers/$caregiverId/show')({ component: Pageshow });

function Pageshow() {
  const { caregiverId } = Route.useParams();
  const { Page } = myCaregiverScreens;
  return <Page mode="show" id={Number(caregiverId)} />;
}
