import { createFileRoute } from '@tanstack/react-router';
import { EmailTemplatesPage } from '../../../features/email-templates/EmailTemplatesPage';

export const Route = createFileRoute('/_app/email-templates/')({ component: EmailTemplatesPage });
