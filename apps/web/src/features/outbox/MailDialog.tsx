import type { OutboxMail } from '@parkade/contract';
import CloseIcon from '@mui/icons-material/Close';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../ui/FactList';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { QueryError } from '../../ui/QueryError';
import { useRecord } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { writeClipboard } from '../../ui/clipboard';
import { kindLabel, StatusChip } from './labels';

/**
 * One mail of the outbox: its envelope and state, and while it was not sent its text and each link in it with a
 * copy button (an invitation's link passed on by hand when no mail server is configured). A sent mail says its
 * text is not kept.
 */
export function MailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const mail = useRecord<OutboxMail>('/outbox', id);
  const m = mail.data && mail.data.id === id ? mail.data : null;
  const copy = (link: string) =>
    void writeClipboard(link).then((copied) =>
      copied
        ? toast.success(t('outbox.linkCopied', { to: m?.to ?? '' }))
        : toast.error(t('outbox.copyFailed')),
    );
  const facts: [string, React.ReactNode][] = m
    ? [
        [t('outbox.to'), m.to],
        [t('outbox.status'), <StatusChip key="status" status={m.status} />],
        [t('outbox.kind'), kindLabel(t, m.kind)],
        [t('outbox.property'), m.property?.name ?? t('outbox.centralArea')],
        [t('outbox.createdAt'), formatDateTime(m.createdAt, locale)],
        ...(m.sentAt ? [[t('outbox.sentAt'), formatDateTime(m.sentAt, locale)] as [string, string]] : []),
        ...(m.attempts ? [[t('outbox.attempts'), String(m.attempts)] as [string, string]] : []),
        ...(m.lastError && m.status !== 'sent'
          ? [[t('outbox.lastError'), m.lastError] as [string, string]]
          : []),
      ]
    : [];
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {m?.subject ?? t('outbox.mail')}
      </DialogTitle>
      <IconButton
        aria-label={t('form.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {mail.isError && <QueryError error={mail.error} retry={() => mail.refetch()} />}
        {m && (
          <Stack spacing={3}>
            <FactList facts={facts} layout="dialog" />
            {m.text === null ? (
              <Alert severity="info">{t('outbox.bodyDropped')}</Alert>
            ) : (
              <>
                <Box component="section" aria-labelledby={`${titleId}-links`}>
                  <Typography id={`${titleId}-links`} variant="subtitle1" component="h3" sx={{ mb: 1 }}>
                    {t('outbox.links')}
                  </Typography>
                  {m.links.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                      {t('outbox.noLinks')}
                    </Typography>
                  ) : (
                    <Stack spacing={1}>
                      {m.links.map((link) => (
                        <Stack
                          key={link}
                          direction={{ xs: 'column', sm: 'row' }}
                          spacing={1}
                          sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
                        >
                          <Typography
                            variant="body2"
                            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', flex: 1 }}
                          >
                            {link}
                          </Typography>
                          <Button
                            variant="outlined"
                            size="small"
                            startIcon={<CopyIcon />}
                            onClick={() => copy(link)}
                            sx={{ flexShrink: 0 }}
                          >
                            {t('outbox.copyLink')}
                          </Button>
                        </Stack>
                      ))}
                    </Stack>
                  )}
                </Box>
                <Box component="section" aria-labelledby={`${titleId}-body`}>
                  <Typography id={`${titleId}-body`} variant="subtitle1" component="h3" sx={{ mb: 1 }}>
                    {t('outbox.body')}
                  </Typography>
                  <Paper
                    variant="outlined"
                    sx={{ p: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', typography: 'body2' }}
                  >
                    {m.text}
                  </Paper>
                </Box>
              </>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('form.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
