import { isCustomTemplateId, isMailTemplateKey } from '@parkade/contract';
import { createFileRoute } from '@tanstack/react-router';
import { CustomTemplateEditPage } from '../../../../features/email-templates/CustomTemplatePages';
import { EmailTemplateEditPage } from '../../../../features/email-templates/EmailTemplateEditPage';

// The id is the mail's key (`resident-agreement`) or the number of one of the property's own templates; the layout's
// guard sends any other value to the list.
export const Route = createFileRoute('/_app/email-templates/$emailTemplateId/edit')({ component: Edit });

function Edit() {
  const { emailTemplateId } = Route.useParams();
  if (isMailTemplateKey(emailTemplateId)) return <EmailTemplateEditPage templateKey={emailTemplateId} />;
  return isCustomTemplateId(emailTemplateId) ? <CustomTemplateEditPage id={Number(emailTemplateId)} /> : null;
}
