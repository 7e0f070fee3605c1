import { createFileRoute } from '@tanstack/react-router';
import { OutboxPage } from '../../features/outbox/OutboxPage';
import { listSearch } from '../../ui/list-search';

export const Route = createFileRoute('/_app/outbox')({
  validateSearch: listSearch,
  component: () => <OutboxPage />,
});
