import { DOCUMENT_PARTS, type DocumentItem, type DocumentKind } from '@parkade/contract';
import EditIcon from '@mui/icons-material/EditOutlined';
import {
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { LinkButton } from '../../ui/AppLink';
import { FactList } from '../../ui/FactList';
import type { RecordOption } from '../../ui/fields';
import { firstLanguage, LanguageTabs, useTabIds } from '../../ui/LanguageTabs';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { DocView } from '../../ui/rich-text/DocView';
import { DocumentGate, useDocumentName, useSavedLine, VersionChip } from './parts';
import { PdfPreview } from './PdfPreview';
import { PreviewFor } from './PreviewFor';
import { DOCUMENTS, usePdfPreview } from './queries';

/**
 * /documents/{kind}/show: the current version in each of the property's languages — its header, body and footer as
 * written (variables shown as `{{name}}`), its layout, the PDF as a resident gets it (sample values or a chosen
 * resident) — and every version with who saved it, when, and how many residents signed it.
 */
export function DocumentShowPage({ kind }: { kind: DocumentKind }) {
  const { t } = useTranslation();
  const can = useCan();
  const name = useDocumentName(kind);
  return (
    <>
      <PageHeader
        title={name}
        subtitle={t(`documents.description.${kind}`)}
        crumbs={[{ label: t('shell.nav.documents'), href: DOCUMENTS }]}
        actions={
          can('documents.edit') && (
            <LinkButton href={`${DOCUMENTS}/${kind}/edit`} variant="contained" startIcon={<EditIcon />}>
              {t('resource.edit')}
            </LinkButton>
          )
        }
      />
      <PropertyScoped>
        <DocumentGate kind={kind}>{(doc) => <DocumentView doc={doc} />}</DocumentGate>
      </PropertyScoped>
    </>
  );
}

function DocumentView({ doc }: { doc: DocumentItem }) {
  const { t } = useTranslation();
  const { language: reader } = useUiLocale();
  const [language, setLanguage] = useState(() => firstLanguage(doc.languages, reader));
  const [resident, setResident] = useState<RecordOption | null>(null);
  const ids = useTabIds();
  const text = doc.texts[language];
  const current = doc.versions[0];
  const saved = useSavedLine(current?.createdAt ?? null, current?.createdBy ?? null);
  const preview = usePdfPreview(doc.kind, { language, ...(resident ? { residentId: resident.id } : {}) });
  const m = doc.layout.margins;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <LanguageTabs
          languages={doc.languages}
          value={language}
          onChange={setLanguage}
          ids={ids}
          label={t('documents.languages')}
        />
        <Box
          role="tabpanel"
          id={ids.panel(language)}
          aria-labelledby={ids.tab(language)}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3}>
            <Stack spacing={2.5} sx={{ flex: 1, minWidth: 0 }}>
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <VersionChip version={doc.version} custom={doc.custom} />
                <Typography variant="body2" color="text.secondary">
                  {saved}
                </Typography>
              </Stack>
              <FactList
                layout="dialog"
                facts={[
                  [t('documents.paper'), t(`documents.paperFormat.${doc.layout.paper}`)],
                  [
                    t('documents.margins'),
                    t('documents.marginsValue', {
                      top: m.top,
                      right: m.right,
                      bottom: m.bottom,
                      left: m.left,
                    }),
                  ],
                  [t('documents.logo'), t(`documents.logoPosition.${doc.layout.logo}`)],
                ]}
              />
              {text &&
                DOCUMENT_PARTS.map((part) => (
                  <Box key={part}>
                    <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
                      {t(`documents.part.${part}`)}
                    </Typography>
                    <Paper variant="outlined" sx={{ p: 2, overflowWrap: 'anywhere' }}>
                      <DocView doc={text[part]} headingLevel={3} />
                    </Paper>
                  </Box>
                ))}
            </Stack>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <PdfPreview
                url={preview.url}
                loading={preview.loading}
                error={preview.error}
                fileName={`${doc.kind}-${language}.pdf`}
                controls={<PreviewFor value={resident} onChange={setResident} />}
              />
            </Box>
          </Stack>
        </Box>
      </Paper>
      <Versions doc={doc} />
    </Stack>
  );
}

function Versions({ doc }: { doc: DocumentItem }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('documents.versions')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t(doc.signed ? 'documents.versionsHintSigned' : 'documents.versionsHint')}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={t('documents.versions')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('documents.versionCol')}</TableCell>
              <TableCell>{t('documents.savedAtCol')}</TableCell>
              <TableCell>{t('documents.savedByCol')}</TableCell>
              {doc.signed && <TableCell align="right">{t('documents.signaturesCol')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {doc.versions.map((v) => (
              <TableRow key={v.version}>
                <TableCell>{v.version === 0 ? t('documents.shippedDefault') : v.version}</TableCell>
                <TableCell>{v.createdAt ? formatDateTime(v.createdAt, locale) : '—'}</TableCell>
                <TableCell>{v.createdBy ?? t('documents.byParkade')}</TableCell>
                {doc.signed && <TableCell align="right">{v.signatures}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
