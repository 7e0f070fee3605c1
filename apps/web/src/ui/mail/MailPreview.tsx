import type { RenderedMail } from '@parkade/contract';
import { Alert, Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestError } from '../../platform/errors';
import { FactList } from '../FactList';
import { framed } from './frame-policy';

/**
 * The mail as it is sent, with the sample values: its subject, its HTML part in a frame that runs nothing and
 * reaches nothing (`sandbox=""`: no scripts, no forms, no same-origin access; its own policy: no request to any
 * address, images only as `data:` — the HTML is the product's layout around the template, but a preview is no place
 * to trust it) and its plain-text part. `paused` says the text has errors, so the preview on screen is the last one
 * that could be made. `hint` says whose values it shows (the sample's by default); `controls` go under it (whose mail
 * to show); `children` go under the subject (a bulk mail's attachments).
 */
export function MailPreview({
  mail,
  loading,
  error,
  paused,
  hint,
  controls,
  children,
}: {
  mail: RenderedMail | undefined;
  loading: boolean;
  error: RequestError | null;
  paused?: boolean;
  hint?: ReactNode;
  controls?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const textId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('emailTemplates.preview')}
        </Typography>
        {loading && <CircularProgress size={16} aria-label={t('emailTemplates.previewUpdating')} />}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {hint ?? t('emailTemplates.previewHint')}
      </Typography>
      <Stack spacing={2}>
        {controls}
        {paused && <Alert severity="info">{t('emailTemplates.previewPaused')}</Alert>}
        {error && !paused && <Alert severity="error">{error.message}</Alert>}
        {mail && (
          <>
            <FactList facts={[[t('emailTemplates.subject'), mail.subject]]} layout="dialog" />
            {children}
            {mail.html === null ? (
              // A mail that quotes a visitor's own typing goes as plain text only (decision 0037).
              <Alert severity="info">{t('emailTemplates.plainOnly')}</Alert>
            ) : (
              <Box
                component="iframe"
                title={t('emailTemplates.previewFrame')}
                sandbox=""
                srcDoc={framed(mail.html)}
                sx={{
                  display: 'block',
                  width: '100%',
                  height: { xs: 360, md: 440 },
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  bgcolor: 'common.white',
                }}
              />
            )}
            <Box>
              <Typography id={textId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {t('emailTemplates.plainText')}
              </Typography>
              <Paper
                variant="outlined"
                aria-labelledby={textId}
                role="region"
                sx={{ p: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', typography: 'body2' }}
              >
                {mail.text}
              </Paper>
            </Box>
          </>
        )}
      </Stack>
    </Box>
  );
}
