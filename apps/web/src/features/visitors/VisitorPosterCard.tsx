import PosterIcon from '@mui/icons-material/QrCode2Outlined';
import type { VisitorPoster } from '@parkade/contract';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, getBlob } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatDate, useUiLocale } from '../../ui/locale';
import { toast } from '../../ui/toast';
import { writeClipboard } from '../../ui/clipboard';

/**
 * Downloads the property's registration poster (PDF: one page in every language the property offers, decision
 * 0039 §15). `headers` name the property on a central property's page.
 */
export function usePosterPdf(headers?: Record<string, string>) {
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setBusy(true);
    try {
      const res = await getBlob('/visitor-poster/poster.pdf', headers);
      const href = URL.createObjectURL(res.data);
      const a = document.createElement('a');
      a.href = href;
      a.download = 'visitor-registration-poster.pdf';
      a.click();
      setTimeout(() => URL.revokeObjectURL(href), 1000);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, print };
}

/** On the Visitors screen, beside the export: the poster, for those who may print it (visitors.create). */
export function VisitorPosterButton() {
  const { t } = useTranslation();
  const can = useCan();
  const { busy, print } = usePosterPdf();
  if (!can('visitors.create')) return null;
  return (
    <Button variant="outlined" startIcon={<PosterIcon />} onClick={() => void print()} loading={busy}>
      {t('visitors.poster.print')}
    </Button>
  );
}

/**
 * The property's visitor registration poster (decision 0023): a PDF to print and put up at the entrance, whose QR
 * code opens the registration form; "Renew link" retires a link passed around (the poster must be printed again).
 * `propertyId` names the property on a central property's page; without it, the current or selected property.
 */
export function VisitorPosterCard({ propertyId }: { propertyId?: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const locale = useUiLocale();
  const headers = propertyId ? { 'X-Property': String(propertyId) } : undefined;
  const key = ['/visitor-poster', propertyId ?? 'current'];
  const poster = useQuery<VisitorPoster, RequestError>({
    queryKey: key,
    queryFn: async () => (await (await api()).get<VisitorPoster>('/visitor-poster', { headers })).data,
    enabled: can('visitors.create'),
  });
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const pdf = usePosterPdf(headers);
  if (!can('visitors.create')) return null;
  const renew = async () => {
    setBusy(true);
    try {
      const res = await (await api()).post<VisitorPoster>('/visitor-poster/renew', undefined, { headers });
      client.setQueryData(key, res.data);
      toast.success(t('visitors.poster.renewed'));
      setConfirm(false);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="visitor-poster-title">
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <PosterIcon color="primary" />
          <Typography variant="h6" component="h2" id="visitor-poster-title">
            {t('visitors.poster.cardTitle')}
          </Typography>
        </Stack>
        <Typography color="text.secondary">{t('visitors.poster.cardBody')}</Typography>
        {poster.isError && <Alert severity="error">{poster.error.message}</Alert>}
        {poster.data && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t('visitors.poster.validUntil', { date: formatDate(poster.data.expiresAt, locale) })}
          </Typography>
        )}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" onClick={() => void pdf.print()} loading={pdf.busy}>
            {t('visitors.poster.download')}
          </Button>
          {poster.data && (
            <Button
              variant="outlined"
              onClick={() =>
                void writeClipboard(poster.data.url).then((copied) =>
                  copied ? toast.success(t('visitors.screens.linkCopied')) : toast.error(poster.data.url),
                )
              }
            >
              {t('visitors.poster.copy')}
            </Button>
          )}
          {can('visitors.edit') && (
            <Button color="error" onClick={() => setConfirm(true)}>
              {t('visitors.poster.renew')}
            </Button>
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirm}
        title={t('visitors.poster.renewTitle')}
        confirmLabel={t('visitors.poster.renew')}
        busy={busy}
        onConfirm={() => void renew()}
        onClose={() => setConfirm(false)}
      >
        {t('visitors.poster.renewBody')}
      </ConfirmDialog>
    </Paper>
  );
}
