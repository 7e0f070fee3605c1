import { createFileRoute } from '@tanstack/react-router';
import { CustomTemplateCreatePage } from '../../../features/email-templates/CustomTemplatePages';

export const Route = createFileRoute('/_app/email-templates/create')({ component: CustomTemplateCreatePage });
