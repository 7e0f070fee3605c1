import { isCustomTemplateId, isMailTemplateKey } from '@parkade/contract';
import { createFileRoute } from '@tanstack/react-router';
import { CustomTemplateShowPage } from '../../../../features/email-templates/CustomTemplatePages';
import { EmailTemplateShowPage } from '../../../../features/email-templates/EmailTemplateShowPage';

// The id is the mail's key (`resident-agreement`) or the number of one of the property's own templates; the layout's
// guard sends any other value to the list.
export const Route = createFileRoute('/_app/email-templates/$emailTemplateId/show')({ component: Show });

function Show() {
  const { emailTemplateId } = Route.useParams();
  if (isMailTemplateKey(emailTemplateId)) return <EmailTemplateShowPage templateKey={emailTemplateId} />;
  return isCustomTemplateId(emailTemplateId) ? <CustomTemplateShowPage id={Number(emailTemplateId)} /> : null;
}
