import { createFileRoute } from '@tanstack/react-router';
import { LanguageCodesPage } from '../../features/language-codes/LanguageCodesPage';

export const Route = createFileRoute('/_app/language-codes')({
  component: () => <LanguageCodesPage />,
});
