import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import {
  displayPlate,
  OBSERVATION_NOTES_MAX,
  OBSERVATION_PHOTO_EXTENSIONS,
  OBSERVATION_PHOTOS_MAX,
  OBSERVATION_PLACE_MAX,
  PLATE_MAX,
  type CheckIn,
  type PlateVerdict,
} from '@parkade/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadProblem } from '../../ui/uploads';
import { toast } from '../../ui/toast';
import { enqueue } from './queue';

const IMAGES = OBSERVATION_PHOTO_EXTENSIONS as readonly string[];

export interface ObservationDraft {
  plate?: string;
  /** The verdict the lookup showed for that plate (the offline copy's, without signal). */
  shownVerdict?: PlateVerdict | null;
}

/**
 * Records what the officer sees (issue 18): plate, place, notes and up to five photos from the phone's camera. It
 * is kept on the phone first (queue.ts) and sent at once, or when the signal returns; the officer is told which.
 */
export function ObservationDialog({
  open,
  onClose,
  round,
  draft,
}: {
  open: boolean;
  onClose: () => void;
  round: CheckIn;
  draft?: ObservationDraft;
}) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  const [plate, setPlate] = useState('');
  const [place, setPlace] = useState('');
  const [notes, setNotes] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setPlate(draft?.plate ?? '');
    setPlace('');
    setNotes('');
    setPhotos([]);
    setProblem(null);
  }, [open, draft?.plate]);

  const add = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    for (const file of chosen) {
      const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
      const wrong = IMAGES.includes(ext)
        ? uploadProblem(file, t)
        : t('upload.unsupportedType', { types: IMAGES.join(', ') });
      if (wrong) return setProblem(wrong);
    }
    const next = [...photos, ...chosen];
    if (next.length > OBSERVATION_PHOTOS_MAX)
      return setProblem(t('upload.tooMany', { max: OBSERVATION_PHOTOS_MAX }));
    setProblem(null);
    setPhotos(next);
  };

  const save = async () => {
    if (!plate.trim() && !place.trim() && !notes.trim()) return setProblem(t('patrol.observationEmpty'));
    setBusy(true);
    try {
      await enqueue({
        clientKey: crypto.randomUUID(),
        propertyId: round.property.id,
        checkInId: round.id,
        // The plate as every list shows it (decision 0039 §10), also while it waits in the queue.
        plate: displayPlate(plate) || null,
        spotId: null,
        place: place.trim() || null,
        notes: notes.trim() || null,
        shownVerdict: draft?.plate && draft.plate === plate ? (draft.shownVerdict ?? null) : null,
        observedAt: new Date().toISOString(),
        // Phones name every shot alike (image.jpg); the server refuses two files of one name.
        photos: photos.map((p, i) => ({
          name: `photo-${i + 1}.${p.name.split('.').pop()?.toLowerCase()}`,
          blob: p,
        })),
      });
      toast.success(navigator.onLine ? t('patrol.observationSaved') : t('patrol.observationQueued'));
      onClose();
    } catch (e) {
      setProblem((e as Error).message);
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
        {t('patrol.observe')}
        <IconButton
          aria-label={t('form.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id={`${titleId}-form`}
          spacing={2}
          sx={{ pt: 1 }}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <TextField
            label={t('lookup.plate')}
            value={plate}
            onChange={(e) => setPlate(e.target.value)}
            slotProps={{
              htmlInput: {
                maxLength: PLATE_MAX,
                autoCapitalize: 'characters',
                autoComplete: 'off',
                spellCheck: false,
                style: { fontFamily: 'monospace', fontSize: 20, letterSpacing: 2 },
              },
            }}
          />
          <TextField
            label={t('patrol.place')}
            helperText={t('patrol.placeHint')}
            value={place}
            onChange={(e) => setPlace(e.target.value)}
            slotProps={{ htmlInput: { maxLength: OBSERVATION_PLACE_MAX } }}
          />
          <TextField
            label={t('patrol.notes')}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: OBSERVATION_NOTES_MAX } }}
          />
          <Box>
            <Button
              component="label"
              variant="outlined"
              startIcon={<PhotoCameraOutlined />}
              disabled={photos.length >= OBSERVATION_PHOTOS_MAX}
            >
              {t('patrol.takePhoto')}
              <input
                hidden
                type="file"
                accept="image/png,image/jpeg,image/webp"
                capture="environment"
                multiple
                aria-label={t('patrol.takePhoto')}
                onChange={(e) => {
                  add(e.target.files);
                  e.target.value = '';
                }}
              />
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('patrol.photosCount', { count: photos.length, max: OBSERVATION_PHOTOS_MAX })}
            </Typography>
            {photos.length > 0 && (
              <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
                {photos.map((p, i) => (
                  <Button
                    key={`${p.name}-${i}`}
                    size="small"
                    color="inherit"
                    variant="outlined"
                    onClick={() => setPhotos(photos.filter((_, j) => j !== i))}
                    aria-label={t('patrol.removePhoto', { name: p.name })}
                  >
                    {p.name} ✕
                  </Button>
                ))}
              </Stack>
            )}
          </Box>
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" loading={busy}>
          {t('patrol.saveObservation')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
