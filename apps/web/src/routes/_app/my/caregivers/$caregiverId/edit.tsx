import { createFileRoute } from '@tanstack/react-router';
import { myCaregiverScreens } from '../../../../../features/caregivers/my';

export const Route = createFileRoute('/_app/my/caregivers/$caregiverId/edit')({ component: Pageedit });

function Pageedit() {
  const { caregiverId } = Route.useParams();
  const { Page } = myCaregiverScreens;
  return <Page mode="edit" id={Number(caregiverId)} />;
}
