import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../ui/list-search';
import { MyRequestsPage, useOwnPlace } from '../../../features/requests/my';

export const Route = createFileRoute('/_app/my-requests/')({
  validateSearch: listSearch,
  component: List,
});

function List() {
  return <MyRequestsPage place={useOwnPlace()} />;
}
