import { isMailTemplateKey } from '@parkade/contract';
import { createFileRoute } from '@tanstack/react-router';
import { EmailTemplateShowPage } from '../../../../features/email-templates/EmailTemplateShowPage';

// The id is the mail's key (`resident-agreement`); the layout's guard sends any other value to the list.
export const Route = createFileRoute('/_app/email-templates/$emailTemplateId/show')({ component: Show });

function Show() {
  const { emailTemplateId } = Route.useParams();
  return isMailTemplateKey(emailTemplateId) ? <EmailTemplateShowPage templateKey={emailTemplateId} /> : null;
}
