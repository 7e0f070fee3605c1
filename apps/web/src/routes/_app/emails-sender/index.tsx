import { createFileRoute } from '@tanstack/react-router';
import { EmailSendsPage } from '../../../features/emails-sender/EmailSendsPage';

export const Route = createFileRoute('/_app/emails-sender/')({ component: EmailSendsPage });
