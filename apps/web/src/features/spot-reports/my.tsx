import {
  PLATE_MAX,
  REPORT_RESERVED_ACTION,
  SPOT_REPORT_NOTE_MAX,
  SPOT_REPORT_PHOTO_EXTENSIONS,
  type ReservationItem,
  type SpotReportItem,
} from '@parkade/contract';
import AddPhotoIcon from '@mui/icons-material/AddAPhotoOutlined';
import ReportIcon from '@mui/icons-material/CarCrashOutlined';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, list } from '../../platform/api';
import { LinkButton } from '../../ui/AppLink';
import { fieldErrorsOf } from '../../ui/form';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { uploadProblem } from '../../ui/uploads';
import { SpotReportStatusChip } from './SpotReportStatusChip';

/**
 * The resident's side of spot reports (issue 17): on /my/permits, "Report a car in my spot" opens
 * `?action=report-reserved`, a dialog that sends a report of one of the spots they hold today (plate, note and a
 * photo from the phone's camera, all optional) and then says what happens next. Their reports and their status
 * are listed under their permits.
 */

const REPORT_RESERVED = REPORT_RESERVED_ACTION;

const IMAGES = SPOT_REPORT_PHOTO_EXTENSIONS as readonly string[];

/** The list's header button: opens the dialog through the URL (a link to it opens it too). */
export function ReportReservedButton() {
  const { t } = useTranslation();
  return (
    <LinkButton href={`/my/permits?action=${REPORT_RESERVED}`} variant="outlined" startIcon={<ReportIcon />}>
      {t('spotReports.report')}
    </LinkButton>
  );
}

type Errors = Partial<Record<'spotId' | 'plate' | 'note' | 'photo', string>>;

export function ReportReservedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const client = useQueryClient();
  const titleId = useId();
  const photoId = useId();
  const held = useQuery({
    queryKey: ['/my/reservations', 'list', 'current'],
    queryFn: () =>
      list<ReservationItem>('/my/reservations', {
        filter: { current: ['1'] },
        include: ['spot'],
        all: true,
      }),
    enabled: open,
  });
  const [spotId, setSpotId] = useState('');
  const [plate, setPlate] = useState('');
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<SpotReportItem | null>(null);
  const spots = held.data?.data ?? [];

  // One spot: chosen already. A fresh dialog each time it opens.
  useEffect(() => {
    if (spots.length === 1 && !spotId) setSpotId(String(spots[0]!.spotId));
  }, [spots, spotId]);
  useEffect(() => {
    if (open) return;
    setSpotId('');
    setPlate('');
    setNote('');
    setPhoto(null);
    setErrors({});
    setProblem(null);
    setSent(null);
  }, [open]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    const wrong = IMAGES.includes(ext)
      ? uploadProblem(file, t)
      : t('upload.unsupportedType', { types: IMAGES.join(', ') });
    setErrors((e) => ({ ...e, photo: wrong ?? undefined }));
    setPhoto(wrong ? null : file);
  };

  const submit = async () => {
    if (!spotId) {
      setErrors({ spotId: t('validation.required') });
      return;
    }
    setBusy(true);
    setErrors({});
    setProblem(null);
    try {
      const fd = new FormData();
      fd.append('spotId', spotId);
      if (plate.trim()) fd.append('plate', plate.trim());
      if (note.trim()) fd.append('note', note.trim());
      if (photo) fd.append('photo', photo, photo.name);
      const res = await (await api()).post<SpotReportItem>('/my/spot-reports', fd);
      setSent(res.data);
      void client.invalidateQueries({ queryKey: ['/my/spot-reports'] });
    } catch (e) {
      const { fields, problem } = fieldErrorsOf(e, ['spotId', 'plate', 'note', 'photo']);
      setErrors(fields);
      setProblem(problem);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {sent ? t('spotReports.sentTitle') : t('spotReports.dialogTitle')}
        <IconButton
          aria-label={t('form.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {sent ? (
          <Stack spacing={2}>
            <Alert severity="success">{t('spotReports.whatNext')}</Alert>
            <Typography>
              {[t('spotReports.spotNumber', { number: sent.spotNumber }), sent.plate]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Stack>
        ) : held.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('form.loading')} />
          </Box>
        ) : held.isError ? (
          <Alert severity="error">{held.error.message}</Alert>
        ) : !spots.length ? (
          <Alert severity="info">{t('spotReports.noSpots')}</Alert>
        ) : (
          <Stack
            component="form"
            id={`${titleId}-form`}
            spacing={2}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Typography>{t('spotReports.intro')}</Typography>
            <TextField
              select
              required
              label={t('spotReports.spot')}
              value={spotId}
              onChange={(e) => setSpotId(e.target.value)}
              error={!!errors.spotId}
              helperText={errors.spotId}
              fullWidth
            >
              {spots.map((r) => (
                <MenuItem key={r.id} value={String(r.spotId)}>
                  {t('spotReports.spotNumber', { number: r.spot?.number ?? r.spotId })}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('spotReports.plate')}
              value={plate}
              onChange={(e) => setPlate(e.target.value)}
              error={!!errors.plate}
              helperText={errors.plate ?? t('spotReports.plateHint')}
              slotProps={{ htmlInput: { maxLength: PLATE_MAX, autoCapitalize: 'characters' } }}
              fullWidth
            />
            <TextField
              label={t('spotReports.note')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              error={!!errors.note}
              helperText={errors.note ?? t('spotReports.noteHint')}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: SPOT_REPORT_NOTE_MAX } }}
              fullWidth
            />
            <Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Button component="label" variant="outlined" startIcon={<AddPhotoIcon />} htmlFor={photoId}>
                  {t('spotReports.takePhoto')}
                  <input
                    id={photoId}
                    type="file"
                    hidden
                    accept="image/*"
                    capture="environment"
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      e.target.value = '';
                      choose(file);
                    }}
                  />
                </Button>
                {photo && (
                  <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0 }}>
                    <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
                      {t('spotReports.photoChosen', { name: photo.name })}
                    </Typography>
                    <IconButton
                      size="small"
                      aria-label={t('spotReports.removePhoto')}
                      onClick={() => setPhoto(null)}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                )}
              </Stack>
              <Typography
                variant="body2"
                color={errors.photo ? 'error' : 'text.secondary'}
                sx={{ mt: 0.5 }}
                role={errors.photo ? 'alert' : undefined}
              >
                {errors.photo ?? t('spotReports.photoHint')}
              </Typography>
            </Box>
            {problem && <Alert severity="error">{problem}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {sent || !spots.length ? (
          <Button onClick={onClose} variant={sent ? 'contained' : 'text'}>
            {t('form.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('form.cancel')}</Button>
            <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={busy}>
              {t('spotReports.send')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** /my/permits?action=report-reserved: the dialog, closed by leaving the action (Back closes it too). */
export function ReportReservedRoute({ open }: { open: boolean }) {
  const navigate = useNavigate();
  return (
    <ReportReservedDialog
      open={open}
      onClose={() =>
        void navigate({
          to: '.',
          search: (s: Record<string, unknown>) => ({ ...s, action: undefined }),
          replace: true,
        })
      }
    />
  );
}

/** The resident's reports, newest first, each with its status and (once resolved) what the office did. */
export function MySpotReports() {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const headingId = useId();
  const reports = useQuery({
    queryKey: ['/my/spot-reports', 'list'],
    queryFn: () => list<SpotReportItem>('/my/spot-reports', { all: true }),
  });
  const rows = reports.data?.data ?? [];
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('spotReports.mine')}
      </Typography>
      {reports.isPending ? (
        <CircularProgress aria-label={t('form.loading')} />
      ) : reports.isError ? (
        <Alert severity="error">{reports.error.message}</Alert>
      ) : !rows.length ? (
        <Typography color="text.secondary">{t('spotReports.mineEmpty')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((r) => (
            <Paper component="li" key={r.id} variant="outlined" sx={{ p: 2 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography component="h3" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {[t('spotReports.spotNumber', { number: r.spotNumber }), r.plate]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                <SpotReportStatusChip status={r.status} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {t('spotReports.reportedOn', { date: formatDateTime(r.createdAt, locale) })}
              </Typography>
              {r.note && (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {r.note}
                </Typography>
              )}
              {r.status === 'resolved' && r.resolution && (
                <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  {t('spotReports.resolution')}: {r.resolution}
                </Typography>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
}
