import type { TranslationsPreview, TranslationsSummary, TranslationsUploadResult } from '@parkade/contract';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { ShareBar } from '../../ui/ShareBar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, download, get } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { reloadDictionaries } from '../../platform/language';
import { useCan } from '../../ui/access';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { languageName } from '../../ui/LanguageTabs';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { toast } from '../../ui/toast';
import { PreviewErrors, PreviewTable } from './PreviewTable';

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const summaryQuery = {
  queryKey: ['/translations'],
  queryFn: () => get<TranslationsSummary>('/translations'),
};

/** The file's reason for a refusal, else its message ('Failed to upload translations'). */
const reason = (e: RequestError) => e.errors?.file?.[0] ?? e.message;

/**
 * /translations (SPEC §2.2, §2.5; decision 0046): each language's coverage, the template to download, a file to
 * upload → the preview of its changes (filtered by language and kind) and its errors by row → confirm → applied.
 */
export function TranslationsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const inputId = useId();
  const client = useQueryClient();
  const summary = useQuery(summaryQuery);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TranslationsPreview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'upload' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const post = async <T,>(path: string, f: File, fields: Record<string, string> = {}) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    fd.append('file', f, f.name);
    return (await (await api()).post<T>(path, fd)).data;
  };

  const choose = async (f: File | null) => {
    setPreview(null);
    setError(null);
    setFile(f);
    if (!f) return;
    if (!f.name.toLowerCase().endsWith('.xlsx')) {
      setError(t('upload.spreadsheetOnly', { types: 'xlsx' }));
      return;
    }
    setBusy('preview');
    try {
      setPreview(await post<TranslationsPreview>('/langs/preview/template', f));
    } catch (e) {
      setError(reason(e as RequestError));
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    if (!file || !preview) return;
    setBusy('upload');
    try {
      const done = await post<TranslationsUploadResult>('/langs/upload/template', file, {
        hash: preview.hash,
      });
      setConfirming(false);
      setPreview(null);
      setFile(null);
      toast.success(done.message);
      await reloadDictionaries(done.version).catch(() => undefined);
      void client.invalidateQueries({ queryKey: summaryQuery.queryKey });
    } catch (e) {
      setConfirming(false);
      setError(`${t('translations.uploadFailed')}: ${reason(e as RequestError)}`);
    } finally {
      setBusy(null);
    }
  };

  const canApply = !!preview && preview.errors.length === 0 && preview.changes.length > 0;

  return (
    <>
      <PageHeader
        title={t('shell.nav.translations')}
        subtitle={t('translations.screen.intro')}
        actions={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {can('translations.download') && (
              <Button
                variant="outlined"
                startIcon={<DownloadIcon />}
                onClick={() =>
                  void download('/langs/download/template', 'translations.xlsx').catch((e: Error) =>
                    toast.error(e.message),
                  )
                }
              >
                {t('translations.screen.download')}
              </Button>
            )}
            {can('translations.upload') && (
              <Button
                component="label"
                variant="contained"
                htmlFor={inputId}
                startIcon={<UploadIcon />}
                disabled={busy !== null}
              >
                {t('translations.screen.choose')}
                <input
                  id={inputId}
                  data-testid="translations-file"
                  type="file"
                  hidden
                  accept={XLSX_ACCEPT}
                  onChange={(e) => {
                    void choose(e.target.files?.[0] ?? null);
                    e.target.value = '';
                  }}
                />
              </Button>
            )}
          </Stack>
        }
      />
      <Stack spacing={3}>
        <Coverage summary={summary.data} error={summary.error} retry={() => void summary.refetch()} />
        {busy === 'preview' && <LinearProgress aria-label={t('translations.screen.reading')} />}
        {error && <Alert severity="error">{error}</Alert>}
        {preview && file && (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <Box>
                <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
                  {t('translations.preview.title', { file: file.name })}
                </Typography>
                <Typography color="text.secondary">
                  {t('translations.preview.summary', {
                    rows: preview.rows,
                    changes: preview.changes.length,
                    errors: preview.errors.length,
                  })}
                </Typography>
              </Box>
              {preview.errors.length > 0 && <PreviewErrors errors={preview.errors} />}
              {preview.changes.length === 0 && preview.errors.length === 0 ? (
                <Alert severity="info">{t('translations.preview.none')}</Alert>
              ) : (
                preview.changes.length > 0 && <PreviewTable changes={preview.changes} />
              )}
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button
                  onClick={() => {
                    setPreview(null);
                    setFile(null);
                  }}
                >
                  {t('form.cancel')}
                </Button>
                <Button
                  variant="contained"
                  disabled={!canApply || busy !== null}
                  onClick={() => setConfirming(true)}
                >
                  {t('translations.preview.apply', { count: preview.changes.length })}
                </Button>
              </Stack>
            </Stack>
          </Paper>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('translations.confirm.title')}
        confirmLabel={t('translations.confirm.apply')}
        busy={busy === 'upload'}
        destructive={false}
        onConfirm={() => void apply()}
        onClose={() => setConfirming(false)}
      >
        {t('translations.confirm.body', { count: preview?.changes.length ?? 0 })}
      </ConfirmDialog>
    </>
  );
}

/** Each language's coverage: the keys with a text of their own, and how many were changed here. */
function Coverage({
  summary,
  error,
  retry,
}: {
  summary?: TranslationsSummary;
  error: Error | null;
  retry: () => void;
}) {
  const { t } = useTranslation();
  if (error) return <QueryError error={error} retry={retry} />;
  if (!summary) return <LinearProgress aria-label={t('translations.coverage.title')} />;
  return (
    <Box component="section" aria-labelledby="translations-coverage">
      <Typography id="translations-coverage" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('translations.coverage.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        {summary.languages.map((l) => (
          <Paper key={l.code} variant="outlined" sx={{ p: 2 }}>
            <Typography sx={{ fontWeight: 600 }}>
              {languageName(l.code)}{' '}
              <Typography component="span" color="text.secondary">
                ({l.code})
              </Typography>
            </Typography>
            {/* The line under it says the same in words. */}
            <ShareBar percent={l.coverage} my={1} />
            <Typography variant="body2">
              {t('translations.coverage.line', { texts: l.texts, keys: summary.keys, coverage: l.coverage })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('translations.coverage.overrides', { count: l.overrides })}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
