import { createFileRoute } from '@tanstack/react-router';
import { permitWarningScreens } from '../../../../features/permit-warnings';

export const Route = createFileRoute('/_app/permit-warnings/$permitWarningId/show')({ component: PageShow });

function PageShow() {
  const { permitWarningId } = Route.useParams();
  const { Page } = permitWarningScreens;
  return <Page mode="show" id={Number(permitWarningId)} />;
}
