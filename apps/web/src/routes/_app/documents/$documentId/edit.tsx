import { isDocumentKind } from '@parkade/contract';
import { createFileRoute } from '@tanstack/react-router';
import { DocumentEditPage } from '../../../../features/documents/DocumentEditPage';

// The id is the document's kind (`permit-agreement`); the layout's guard sends any other value to the list.
export const Route = createFileRoute('/_app/documents/$documentId/edit')({ component: Edit });

function Edit() {
  const { documentId } = Route.useParams();
  return isDocumentKind(documentId) ? <DocumentEditPage kind={documentId} /> : null;
}
