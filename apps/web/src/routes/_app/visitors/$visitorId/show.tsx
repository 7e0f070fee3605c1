import { createFileRoute } from '@tanstack/react-router';
import { visitorScreens } from '../../../../features/visitors';

interface ShowSearch {
  /** Just registered: the summary dialog opens. */
  registered?: 1;
}

export const Route = createFileRoute('/_app/visitors/$visitorId/show')({
  validateSearch: (search: Record<string, unknown>): ShowSearch =>
    search.registered === 1 || search.registered === '1' ? { registered: 1 } : {},
  component: Show,
});

function Show() {
  const { visitorId } = Route.useParams();
  const { Page } = visitorScreens;
  return <Page mode="show" id={Number(visitorId)} />;
}
