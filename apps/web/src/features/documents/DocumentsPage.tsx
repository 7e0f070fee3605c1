import { documentKindLabel, type DocumentSummary } from '@parkade/contract';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import { Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CardTitle, LinkCard, LinkCards, ListLoading } from '../../ui/CardList';
import { languageName } from '../../ui/LanguageTabs';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { QueryError } from '../../ui/QueryError';
import { useSavedLine, VersionChip } from './parts';
import { documentsQuery, DOCUMENTS } from './queries';

/**
 * /documents (issue 37 §1): the property's parking policies and permit agreement, each with its current version (or
 * the shipped default), its languages, who saved it last and whether residents sign it. A card opens the document.
 */
export function DocumentsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('shell.nav.documents')} subtitle={t('documents.subtitle')} />
      <PropertyScoped>
        <DocumentList />
      </PropertyScoped>
    </>
  );
}

function DocumentList() {
  const { t } = useTranslation();
  const query = useQuery(documentsQuery);
  if (query.isPending) return <ListLoading />;
  if (query.isError) return <QueryError error={query.error} retry={query.refetch} />;
  return (
    <LinkCards label={t('shell.nav.documents')}>
      {query.data.data.map((doc) => (
        <DocumentCard key={doc.kind} doc={doc} />
      ))}
    </LinkCards>
  );
}

function DocumentCard({ doc }: { doc: DocumentSummary }) {
  const { t } = useTranslation();
  const saved = useSavedLine(doc.updatedAt, doc.updatedBy);
  return (
    <LinkCard href={`${DOCUMENTS}/${doc.kind}/show`}>
      <Stack spacing={1}>
        <CardTitle
          title={t(documentKindLabel(doc.kind))}
          description={t(`documents.description.${doc.kind}`)}
        />
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
          <VersionChip version={doc.version} custom={doc.custom} />
          <Typography variant="body2" color="text.secondary" component="span">
            {doc.languages.map(languageName).join(' · ')}
          </Typography>
        </Stack>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 0.5, sm: 2 }}
          sx={{ alignItems: { sm: 'center' } }}
        >
          {doc.signed && (
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <DrawOutlined aria-hidden sx={{ fontSize: 16 }} />
              <Typography variant="body2" component="span">
                {t('documents.signedByResidents')}
              </Typography>
            </Stack>
          )}
          <Typography variant="body2" color="text.secondary" component="span">
            {saved}
          </Typography>
        </Stack>
      </Stack>
    </LinkCard>
  );
}
