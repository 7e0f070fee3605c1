import { createFileRoute } from '@tanstack/react-router';
import { spotScreens } from '../../../../features/spots';

export const Route = createFileRoute('/_app/spots/$spotId/edit')({
  component: SpotEditPage,
});

function SpotEditPage() {
  const { spotId } = Route.useParams();
  const { Page } = spotScreens;
  return <Page mode="edit" id={Number(spotId)} />;
}
