import { createFileRoute } from '@tanstack/react-router';
import { TranslationsPage } from '../../features/translations/TranslationsPage';

export const Route = createFileRoute('/_app/translations')({
  component: () => <TranslationsPage />,
});
