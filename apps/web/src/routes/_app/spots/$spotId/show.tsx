import { createFileRoute } from '@tanstack/react-router';
import { spotScreens } from '../../../../features/spots';

export const Route = createFileRoute('/_app/spots/$spotId/show')({
  component: SpotShowPage,
});

function SpotShowPage() {
  const { spotId } = Route.useParams();
  const { Page } = spotScreens;
  return <Page mode="show" id={Number(spotId)} />;
}
