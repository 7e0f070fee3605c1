import { createFileRoute } from '@tanstack/react-router';
import { userScreens } from '../../../../features/users';

export const Route = createFileRoute('/_app/users/$userId/edit')({ component: Edit });

function Edit() {
  const { userId } = Route.useParams();
  const { Page } = userScreens;
  return <Page mode="edit" id={Number(userId)} />;
}
