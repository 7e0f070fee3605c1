import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestError } from '../../platform/errors';

/**
 * The document's PDF as the server drew it (decision 0042: what a resident downloads), in a frame, with "Open PDF"
 * beside it — a phone's browser often shows no PDF inside a page. `controls` sits above the frame (the language,
 * whom the preview is for). The frame shows the last PDF while the next one is drawn.
 */
export function PdfPreview({
  url,
  loading,
  error,
  fileName,
  controls,
  note,
}: {
  url: string | null;
  loading: boolean;
  error: RequestError | null;
  fileName: string;
  controls?: ReactNode;
  note?: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('documents.preview')}
        </Typography>
        {loading && <CircularProgress size={16} aria-label={t('documents.previewUpdating')} />}
        <Box sx={{ flex: 1 }} />
        {url && (
          <Button
            size="small"
            href={url}
            target="_blank"
            rel="noopener"
            download={fileName}
            startIcon={<OpenInNewIcon />}
          >
            {t('documents.openPdf')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('documents.previewHint')}
      </Typography>
      <Stack spacing={1.5}>
        {controls}
        {note}
        {error && <Alert severity="error">{error.message}</Alert>}
        {url ? (
          <Box
            component="iframe"
            title={t('documents.previewFrame')}
            src={url}
            sx={{
              display: 'block',
              width: '100%',
              height: { xs: 420, md: 720, lg: 'max(480px, calc(100vh - 260px))' },
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'grey.100',
            }}
          />
        ) : (
          !error && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
              <CircularProgress aria-label={t('form.loading')} />
            </Box>
          )
        )}
      </Stack>
    </Box>
  );
}
