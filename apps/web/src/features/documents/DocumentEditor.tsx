import {
  DOCUMENT_PARTS,
  type DocContent,
  type DocumentBody,
  type DocumentItem,
  type DocumentLayout,
  type DocumentPart,
  type DocumentText,
  type Language,
} from '@parkade/contract';
import RestoreIcon from '@mui/icons-material/RestoreOutlined';
import { Alert, Box, Button, Divider, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestError } from '../../platform/errors';
import { LinkButton } from '../../ui/AppLink';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { RecordOption } from '../../ui/fields';
import { firstLanguage, languageName, LanguageTabs, useTabIds } from '../../ui/LanguageTabs';
import { useUiLocale } from '../../ui/locale';
import { RichTextEditor } from '../../ui/rich-text';
import { toast } from '../../ui/toast';
import { changedLanguages, layoutChanged, placeErrors, unknownIn } from './document-draft';
import { LayoutFields } from './LayoutFields';
import { PdfPreview } from './PdfPreview';
import { PreviewFor } from './PreviewFor';
import { documentKeys, DOCUMENTS, PREVIEW_DELAY_MS, saveDocument, usePdfPreview } from './queries';

type Placed = Partial<Record<string, Partial<Record<DocumentPart, string>>>>;

/**
 * The editor of one document (issue 37 §1): a tab per language of the property with its header, body and footer in
 * rich text (the variables insert themselves at the cursor), the layout shared by every language, and beside it
 * (below on narrow screens) the PDF the server draws from the text on screen — the sample values or a chosen
 * resident's — refreshed as one types. A variable the document does not offer is named under its part before
 * anything is sent; the server's own refusals land on the same parts. Save writes a new version (the versions a
 * resident signed never change); leaving with unsaved changes asks first.
 */
export function DocumentEditor({ doc }: { doc: DocumentItem }) {
  const { t } = useTranslation();
  const { language: reader } = useUiLocale();
  const client = useQueryClient();
  const navigate = useNavigate();
  const ids = useTabIds();
  const [language, setLanguage] = useState<Language>(() => firstLanguage(doc.languages, reader));
  const [drafts, setDrafts] = useState<Record<string, DocumentText>>(() => ({ ...doc.texts }));
  const [layout, setLayout] = useState<DocumentLayout>(doc.layout);
  const [serverErrors, setServerErrors] = useState<Placed>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [resident, setResident] = useState<RecordOption | null>(null);
  const [restoring, setRestoring] = useState(false);
  const leaving = useRef(false);

  const changed = changedLanguages(drafts, doc);
  const dirty = changed.length > 0 || layoutChanged(layout, doc);
  const unknown = (l: string) => unknownIn(drafts[l]!, doc.variables);
  const hasProblems = (l: string) => Object.keys(unknown(l)).length > 0;
  const errorOf = (l: string, part: DocumentPart): string | undefined => {
    const names = unknown(l)[part];
    if (names?.length)
      return t('documents.unknownVariables', {
        variables: names.map((n) => `{{${n}}}`).join(', '),
        allowed: doc.variables.map((n) => `{{${n}}}`).join(', '),
      });
    return serverErrors[l]?.[part];
  };
  const hasErrors = (l: string) => DOCUMENT_PARTS.some((p) => errorOf(l, p));

  const preview = usePdfPreview(
    doc.kind,
    hasProblems(language)
      ? null
      : {
          language,
          ...(resident ? { residentId: resident.id } : {}),
          draft: { layout, texts: { [language]: drafts[language] } },
        },
    PREVIEW_DELAY_MS,
  );

  useBlocker({
    shouldBlockFn: () => dirty && !leaving.current && !window.confirm(t('documents.leaveUnsaved')),
    enableBeforeUnload: () => dirty && !leaving.current,
  });

  const save = useMutation<DocumentItem, RequestError, DocumentBody>({
    mutationFn: (body) => saveDocument(doc.kind, body),
    onSuccess: (answer) => {
      client.setQueryData(documentKeys.record(doc.kind), answer);
      void client.invalidateQueries({ queryKey: documentKeys.list });
      toast.success(
        answer.version > doc.version
          ? t('documents.saved', { version: answer.version })
          : t('documents.unchanged'),
      );
      leaving.current = true;
      void navigate({ to: `${DOCUMENTS}/${doc.kind}/show` as never, replace: true });
    },
    onError: (err) => {
      const placed = placeErrors(err.errors);
      setServerErrors(placed.fields);
      const first = doc.languages.find((l) => placed.fields[l]);
      if (first) setLanguage(first);
      const messages = [err.message, ...placed.general];
      setGeneral(messages.filter((m, i) => m && messages.indexOf(m) === i).join(' — '));
    },
  });

  const edit = (part: DocumentPart) => (value: DocContent) => {
    setDrafts((d) => ({ ...d, [language]: { ...d[language]!, [part]: value } }));
    if (serverErrors[language]?.[part])
      setServerErrors((e) => ({ ...e, [language]: { ...e[language], [part]: undefined } }));
  };

  const onSave = () => {
    setGeneral(null);
    const wrong = doc.languages.filter(hasProblems);
    if (wrong.length) {
      setLanguage(wrong[0]!);
      return setGeneral(t('documents.fixErrors', { languages: wrong.map(languageName).join(', ') }));
    }
    save.mutate({ layout, texts: Object.fromEntries(changed.map((l) => [l, drafts[l]!])) });
  };

  const name = languageName(language);
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <LanguageTabs
        languages={doc.languages}
        value={language}
        onChange={setLanguage}
        ids={ids}
        mark={(l) => (hasErrors(l) ? 'error' : changed.includes(l) ? 'changed' : null)}
        label={t('documents.languages')}
      />
      <Box
        role="tabpanel"
        id={ids.panel(language)}
        aria-labelledby={ids.tab(language)}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        {general && (
          <Alert severity="error" role="alert" sx={{ mb: 3 }}>
            {general}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3}>
          <Stack spacing={2.5} sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {t('documents.editHint', { language: name })}
            </Typography>
            {DOCUMENT_PARTS.map((part) => (
              <RichTextEditor
                key={`${language}-${part}`}
                label={t(`documents.part.${part}`)}
                value={drafts[language]![part]}
                onChange={edit(part)}
                variables={doc.variables}
                minHeight={part === 'body' ? 320 : 80}
                error={errorOf(language, part)}
              />
            ))}
            <Box>
              <Button
                variant="outlined"
                startIcon={<RestoreIcon />}
                disabled={save.isPending}
                onClick={() => setRestoring(true)}
              >
                {t('documents.restoreDefault')}
              </Button>
            </Box>
            <LayoutFields value={layout} onChange={setLayout} />
          </Stack>
          {/* On a wide screen the preview stays in view while the texts scroll by. */}
          <Box
            sx={{
              flex: 1,
              minWidth: 0,
              position: { lg: 'sticky' },
              top: { lg: 88 },
              alignSelf: { lg: 'flex-start' },
            }}
          >
            <PdfPreview
              url={preview.url}
              loading={preview.loading}
              error={hasProblems(language) ? null : preview.error}
              fileName={`${doc.kind}-${language}.pdf`}
              controls={<PreviewFor value={resident} onChange={setResident} />}
              note={hasProblems(language) && <Alert severity="info">{t('documents.previewPaused')}</Alert>}
            />
          </Box>
        </Stack>
      </Box>
      <Divider />
      <Stack direction="row" spacing={1.5} sx={{ p: { xs: 2, sm: 3 }, justifyContent: 'flex-end' }}>
        <LinkButton href={`${DOCUMENTS}/${doc.kind}/show`} disabled={save.isPending}>
          {t('form.cancel')}
        </LinkButton>
        <Button variant="contained" disabled={!dirty} loading={save.isPending} onClick={onSave}>
          {t('form.save')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={restoring}
        title={t('documents.restoreTitle', { language: name })}
        confirmLabel={t('documents.restoreDefault')}
        onConfirm={() => {
          setDrafts((d) => ({ ...d, [language]: doc.defaults[language]! }));
          setServerErrors((e) => ({ ...e, [language]: {} }));
          setRestoring(false);
        }}
        onClose={() => setRestoring(false)}
      >
        {t('documents.restoreText', { language: name })}
      </ConfirmDialog>
    </Paper>
  );
}
