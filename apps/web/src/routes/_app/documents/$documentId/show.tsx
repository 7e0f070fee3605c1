import { isDocumentKind } from '@parkade/contract';
import { createFileRoute } from '@tanstack/react-router';
import { DocumentShowPage } from '../../../../features/documents/DocumentShowPage';

// The id is the document's kind (`permit-agreement`); the layout's guard sends any other value to the list.
export const Route = createFileRoute('/_app/documents/$documentId/show')({ component: Show });

function Show() {
  const { documentId } = Route.useParams();
  return isDocumentKind(documentId) ? <DocumentShowPage kind={documentId} /> : null;
}
