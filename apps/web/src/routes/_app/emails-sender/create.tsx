import { createFileRoute } from '@tanstack/react-router';
import { ComposePage } from '../../../features/emails-sender/ComposePage';

export const Route = createFileRoute('/_app/emails-sender/create')({ component: ComposePage });
