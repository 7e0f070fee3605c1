import { createFileRoute } from '@tanstack/react-router';
import { spotReportScreens } from '../../../../features/spot-reports';

export const Route = createFileRoute('/_app/spot-reports/$spotReportId/show')({ component: PageShow });

function PageShow() {
  const { spotReportId } = Route.useParams();
  const { Page } = spotReportScreens;
  return <Page mode="show" id={Number(spotReportId)} />;
}
