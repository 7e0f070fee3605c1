import { createFileRoute } from '@tanstack/react-router';
import { EmailSendPage } from '../../../../features/emails-sender/EmailSendPage';

// The id is a positive integer: the layout's guard sends any other value to the list.
export const Route = createFileRoute('/_app/emails-sender/$emailSendId/show')({ component: Show });

function Show() {
  const { emailSendId } = Route.useParams();
  // A new id shows a new send from the start (its recipients' filter and page).
  return <EmailSendPage key={emailSendId} id={Number(emailSendId)} />;
}
