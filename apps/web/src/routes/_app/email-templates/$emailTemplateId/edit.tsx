import { isMailTemplateKey } from '@parkade/contract';
import { createFileRoute } from '@tanstack/react-router';
import { EmailTemplateEditPage } from '../../../../features/email-templates/EmailTemplateEditPage';

// The id is the mail's key (`resident-agreement`); the layout's guard sends any other value to the list.
export const Route = createFileRoute('/_app/email-templates/$emailTemplateId/edit')({ component: Edit });

function Edit() {
  const { emailTemplateId } = Route.useParams();
  return isMailTemplateKey(emailTemplateId) ? <EmailTemplateEditPage templateKey={emailTemplateId} /> : null;
}
