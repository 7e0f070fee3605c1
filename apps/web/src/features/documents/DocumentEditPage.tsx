import type { DocumentKind } from '@parkade/contract';
import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { DocumentEditor } from './DocumentEditor';
import { DocumentGate, useDocumentName } from './parts';
import { DOCUMENTS } from './queries';

/** /documents/{kind}/edit: the document's texts per language and its layout, with its PDF beside (DocumentEditor). */
export function DocumentEditPage({ kind }: { kind: DocumentKind }) {
  const { t } = useTranslation();
  const can = useCan();
  const name = useDocumentName(kind);
  return (
    <>
      <PageHeader
        title={t('documents.editTitle', { name })}
        crumbs={[
          { label: t('shell.nav.documents'), href: DOCUMENTS },
          { label: name, href: `${DOCUMENTS}/${kind}/show` },
        ]}
      />
      {can('documents.edit') ? (
        <PropertyScoped>
          <DocumentGate kind={kind}>{(doc) => <DocumentEditor doc={doc} />}</DocumentGate>
        </PropertyScoped>
      ) : (
        <Alert severity="info">{t('resource.noPermission')}</Alert>
      )}
    </>
  );
}
