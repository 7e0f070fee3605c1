import { createFileRoute } from '@tanstack/react-router';
import { OutboxPage } from '../../features/outbox/OutboxPage';
import { validateOutboxSearch } from '../../features/outbox/search';

export const Route = createFileRoute('/_app/outbox')({
  validateSearch: validateOutboxSearch,
  component: () => <OutboxPage />,
});
