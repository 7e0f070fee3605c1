import { PERMIT_WARNING_PHOTOS_MAX, type PermitWarningItem } from '@parkade/contract';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api';
import { useCan } from '../../ui/access';
import { LinkButton } from '../../ui/AppLink';
import type { RequestError } from '../../platform/errors';
import { useCheckedInHere } from '../patrolling/usePatrol';
import { shrinkPhoto } from './photos';

/**
 * Placing a warning needs the officer's round at the property: the message and, below it, the way to check in
 * (instead of the button, and of the camera).
 */
export function CheckInFirst() {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="info" sx={{ alignSelf: 'stretch' }}>
        {t('permitWarnings.place.checkInFirst')}
      </Alert>
      {can('patrolling.check-in') && (
        <LinkButton href="/patrolling" variant="outlined">
          {t('patrol.goCheckIn')}
        </LinkButton>
      )}
    </Stack>
  );
}

/**
 * "Place warning" (the inspector, checked in at the property): photos of the warning on the car taken with the
 * phone's camera (`capture="environment"`), one to five, made small before sending; the warning is then placed
 * and its tow grace time starts. The round is read again as the dialog opens, before the camera is offered: an
 * officer whose round here has ended is told to check in first (decision 0039 §13), as when the server refuses.
 */
export function PlaceWarningDialog({
  warning,
  open,
  onClose,
  onPlaced,
}: {
  warning: PermitWarningItem;
  open: boolean;
  onClose: () => void;
  onPlaced: (after: PermitWarningItem) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const inputId = useId();
  const [photos, setPhotos] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { here, active } = useCheckedInHere(open);
  const { refetch } = active;
  const [roundRead, setRoundRead] = useState(false);
  useEffect(() => {
    if (!open) return;
    setRoundRead(false);
    void refetch().finally(() => setRoundRead(true));
  }, [open, refetch]);
  const previews = useMemo(() => photos.map((f) => URL.createObjectURL(f)), [photos]);
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews]);
  useEffect(() => {
    if (open) {
      setPhotos([]);
      setError(null);
    }
  }, [open]);

  const add = (chosen: File[]) => {
    setError(null);
    const images = chosen.filter((f) => f.type.startsWith('image/'));
    if (images.length < chosen.length) setError(t('permitWarnings.place.imagesOnly'));
    const next = [...photos, ...images];
    if (next.length > PERMIT_WARNING_PHOTOS_MAX)
      setError(t('permitWarnings.photosMax', { max: PERMIT_WARNING_PHOTOS_MAX }));
    setPhotos(next.slice(0, PERMIT_WARNING_PHOTOS_MAX));
  };

  const submit = async () => {
    if (!photos.length) {
      setError(t('permitWarnings.photoRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const fd = new FormData();
      for (const photo of await Promise.all(photos.map(shrinkPhoto))) fd.append('photos', photo, photo.name);
      const after = (await (await api()).post<PermitWarningItem>(`/permit-warnings/${warning.id}/place`, fd))
        .data;
      onPlaced(after);
    } catch (e) {
      const err = e as RequestError;
      // The round ended meanwhile: read it again, and the dialog shows the way to check in.
      if (err.code === 'check-in-required') void refetch();
      else setError(err.errors?.photos?.[0] ?? err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('permitWarnings.place.title', { plate: warning.plate })}</DialogTitle>
      <DialogContent>
        {!roundRead || here === null ? (
          <Stack sx={{ alignItems: 'center', py: 3 }}>
            <CircularProgress aria-label={t('form.loading')} />
          </Stack>
        ) : !here ? (
          <CheckInFirst />
        ) : (
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            <DialogContentText>
              {t('permitWarnings.place.body', { max: PERMIT_WARNING_PHOTOS_MAX })}
            </DialogContentText>
            {photos.length < PERMIT_WARNING_PHOTOS_MAX && (
              <Button
                component="label"
                htmlFor={inputId}
                variant="outlined"
                startIcon={<PhotoCameraIcon />}
                disabled={busy}
                sx={{ alignSelf: 'flex-start' }}
              >
                {photos.length ? t('permitWarnings.place.more') : t('permitWarnings.place.takePhotos')}
                <input
                  id={inputId}
                  type="file"
                  accept="image/*"
                  capture="environment"
                  multiple
                  hidden
                  onChange={(e) => {
                    const files = [...(e.target.files ?? [])];
                    e.target.value = '';
                    add(files);
                  }}
                />
              </Button>
            )}
            {photos.length > 0 && (
              <Box
                component="ul"
                aria-label={t('permitWarnings.place.chosen')}
                sx={{
                  listStyle: 'none',
                  p: 0,
                  m: 0,
                  display: 'grid',
                  gap: 1,
                  gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
                }}
              >
                {photos.map((f, i) => (
                  <Box component="li" key={`${f.name}-${i}`} sx={{ position: 'relative', minWidth: 0 }}>
                    <Box
                      component="img"
                      src={previews[i]}
                      alt={f.name}
                      sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1 }}
                    />
                    <IconButton
                      size="small"
                      aria-label={t('permitWarnings.place.remove', { name: f.name })}
                      onClick={() => setPhotos(photos.filter((_, j) => j !== i))}
                      sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper' }}
                      disabled={busy}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                    <Typography variant="caption" noWrap component="p">
                      {f.name}
                    </Typography>
                  </Box>
                ))}
              </Box>
            )}
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('form.cancel')}
        </Button>
        {here && roundRead && (
          <Button variant="contained" onClick={() => void submit()} loading={busy} disabled={!photos.length}>
            {t('permitWarnings.place.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
