import { createFileRoute } from '@tanstack/react-router';
import { patrolReportScreens } from '../../../../features/patrol-reports';

export const Route = createFileRoute('/_app/patrolling-reports/$reportId/show')({ component: PageShow });

function PageShow() {
  const { reportId } = Route.useParams();
  const { Page } = patrolReportScreens;
  return <Page mode="show" id={Number(reportId)} />;
}
