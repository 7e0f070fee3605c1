import { SPOT_REPORT_RESOLUTION_MAX, type SpotReportItem } from '@parkade/contract';
import DoneIcon from '@mui/icons-material/TaskAltOutlined';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  CircularProgress,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, openFile, send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { resourceKeys, useRecord } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { SpotReportStatusChip } from './SpotReportStatusChip';

/** The report's photo, fetched with the session (the API needs the token) and shown through an object URL. */
export function ReportPhoto({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const blob = useQuery({
    queryKey: ['/spot-reports', 'photo', url],
    queryFn: async () => (await (await api()).get<Blob>(url, { responseType: 'blob' })).data,
    staleTime: Infinity,
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const href = URL.createObjectURL(blob.data);
    setSrc(href);
    return () => URL.revokeObjectURL(href);
  }, [blob.data]);
  return (
    <ButtonBase
      onClick={() => void openFile(url, name).catch((e: Error) => toast.error(e.message))}
      aria-label={t('spotReports.openPhoto', { name })}
      sx={{
        width: '100%',
        maxWidth: 480,
        aspectRatio: '4 / 3',
        bgcolor: 'action.hover',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          alt={name}
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <CircularProgress size={24} aria-label={t('form.loading')} />
      )}
    </ButtonBase>
  );
}

/**
 * Under a report's show page: its status, what the plate matches at the property (banned, permitted or neither),
 * the photo, who resolved it and how, and the Resolve action (spot-reports.edit; an optional note, confirmed).
 */
export function SpotReportPanel({ item }: { item: { id: number } }) {
  const { t } = useTranslation();
  const can = useCan();
  const locale = useUiLocale();
  const client = useQueryClient();
  const report = useRecord<SpotReportItem>('/spot-reports', item.id).data;
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!report) return null;

  const resolve = async () => {
    setBusy(true);
    setError(null);
    try {
      const after = await send<SpotReportItem>('POST', `/spot-reports/${report.id}/resolve`, {
        note: note.trim() || null,
      });
      client.setQueryData(resourceKeys.record('/spot-reports', report.id), after);
      void client.invalidateQueries({ queryKey: ['/spot-reports'] });
      toast.success(t('spotReports.resolvedToast'));
      setOpen(false);
      setNote('');
    } catch (e) {
      const err = e as RequestError;
      setError(err.errors?.note?.[0] ?? err.message);
    } finally {
      setBusy(false);
    }
  };

  const match = report.plateMatch;
  return (
    <Stack spacing={3}>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
            <Typography variant="h6" component="h2">
              {t('spotReports.statusLabel')}
            </Typography>
            <SpotReportStatusChip status={report.status} />
          </Stack>
          {match && (
            <Alert severity={match.banned ? 'error' : match.permitted ? 'info' : 'warning'}>
              {t(
                match.banned
                  ? 'spotReports.plateBanned'
                  : match.permitted
                    ? 'spotReports.platePermitted'
                    : 'spotReports.plateUnknown',
              )}
            </Alert>
          )}
          {report.resolvedAt && (
            <Typography>
              {t('spotReports.resolvedOn', {
                name: report.resolvedBy?.name ?? '—',
                date: formatDateTime(report.resolvedAt, locale),
              })}
            </Typography>
          )}
          {report.resolution && (
            <Alert severity="info">
              {t('spotReports.resolution')}: {report.resolution}
            </Alert>
          )}
          {report.status === 'open' && can('spot-reports.edit') && (
            <Box>
              <Button
                variant="contained"
                startIcon={<DoneIcon />}
                onClick={() => {
                  setError(null);
                  setOpen(true);
                }}
              >
                {t('spotReports.resolve')}
              </Button>
            </Box>
          )}
        </Stack>
        <ConfirmDialog
          open={open}
          title={t('spotReports.resolveTitle', { number: report.spotNumber })}
          confirmLabel={t('spotReports.resolve')}
          destructive={false}
          busy={busy}
          onConfirm={() => void resolve()}
          onClose={() => setOpen(false)}
        >
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            <span>{t('spotReports.resolveBody')}</span>
            <TextField
              label={t('spotReports.resolveNote')}
              multiline
              minRows={2}
              fullWidth
              value={note}
              onChange={(e) => setNote(e.target.value)}
              slotProps={{ htmlInput: { maxLength: SPOT_REPORT_RESOLUTION_MAX } }}
            />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </ConfirmDialog>
      </Paper>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('spotReports.photo')}
        </Typography>
        {report.photo ? (
          <ReportPhoto url={`/spot-reports/${report.id}/photo`} name={report.photo.name} />
        ) : (
          <Typography color="text.secondary">{t('spotReports.noPhoto')}</Typography>
        )}
      </Paper>
    </Stack>
  );
}
