import { createFileRoute } from '@tanstack/react-router';
import { userScreens } from '../../../../features/users';

export const Route = createFileRoute('/_app/users/$userId/show')({ component: Show });

function Show() {
  const { userId } = Route.useParams();
  const { Page } = userScreens;
  return <Page mode="show" id={Number(userId)} />;
}
