import { createFileRoute } from '@tanstack/react-router';
import { ComposePage } from '../../../features/emails-sender/ComposePage';
import { isPositiveId } from '../../../platform/guards';

// `?template=12`: the compose page starts from that template of the property's own ("Write a mail" on its page).
export const Route = createFileRoute('/_app/emails-sender/create')({
  validateSearch: (search: Record<string, unknown>): { template?: number } => {
    const id = typeof search.template === 'number' ? String(search.template) : search.template;
    return typeof id === 'string' && isPositiveId(id) ? { template: Number(id) } : {};
  },
  component: Compose,
});

function Compose() {
  const { template } = Route.useSearch();
  return <ComposePage template={template} />;
}
