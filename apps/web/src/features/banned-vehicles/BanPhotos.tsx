import {
  BANNED_VEHICLE_PHOTO_EXTENSIONS,
  BANNED_VEHICLE_PHOTOS_MAX,
  type BannedVehicleItem,
} from '@parkade/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  CircularProgress,
  IconButton,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, openFile } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { resourceKeys } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { uploadProblem } from '../../ui/uploads';

type Photo = BannedVehicleItem['photos'][number];
const IMAGES = BANNED_VEHICLE_PHOTO_EXTENSIONS as readonly string[];

/** A photo's bytes fetched with the session (the API needs the token), shown through an object URL. */
function Thumbnail({ url, photo }: { url: string; photo: Photo }) {
  const { t } = useTranslation();
  const blob = useQuery({
    queryKey: ['/banned-vehicles', 'photo', url],
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
      onClick={() => void openFile(url, photo.name).catch((e: Error) => toast.error(e.message))}
      aria-label={t('bannedVehicles.openPhoto', { name: photo.name })}
      sx={{
        width: '100%',
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
          alt={photo.name}
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <CircularProgress size={24} aria-label={t('form.loading')} />
      )}
    </ButtonBase>
  );
}

/** A ban's photos: shown, opened, added (images under the upload policy, five at most) and removed. */
export function BanPhotos({ ban }: { ban: BannedVehicleItem }) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Photo | null>(null);
  const editable = can('banned-vehicles.edit');
  const room = BANNED_VEHICLE_PHOTOS_MAX - ban.photos.length;
  const saved = (after: BannedVehicleItem) => {
    client.setQueryData(resourceKeys.record('/banned-vehicles', ban.id), after);
    void client.invalidateQueries({ queryKey: ['/banned-vehicles', 'list'] });
  };

  const upload = async (chosen: File[]) => {
    if (!chosen.length) return;
    setError(null);
    const problem =
      chosen.length > room
        ? t('bannedVehicles.photosMax', { max: BANNED_VEHICLE_PHOTOS_MAX })
        : chosen
            .map((f) =>
              IMAGES.includes(f.name.split('.').pop()?.toLowerCase() ?? '')
                ? uploadProblem(f, t)
                : t('upload.unsupportedType', { types: IMAGES.join(', ') }),
            )
            .find(Boolean);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      const fd = new FormData();
      for (const f of chosen) fd.append('photos', f, f.name);
      saved((await (await api()).post<BannedVehicleItem>(`/banned-vehicles/${ban.id}/photos`, fd)).data);
      toast.success(t('bannedVehicles.photosSaved'));
    } catch (e) {
      const err = e as RequestError;
      setError(err.errors?.photos?.[0] ?? err.message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      const res = await (
        await api()
      ).delete<BannedVehicleItem>(`/banned-vehicles/${ban.id}/photos/${removing.id}`);
      saved(res.data);
      toast.success(t('bannedVehicles.photoRemoved'));
      setRemoving(null);
    } catch (e) {
      toast.error((e as RequestError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Typography variant="h6" component="h2">
          {t('bannedVehicles.photos')}
        </Typography>
        {editable && room > 0 && (
          <Button
            component="label"
            variant="outlined"
            startIcon={<AddPhotoIcon />}
            disabled={busy}
            htmlFor={inputId}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          >
            {t('bannedVehicles.addPhotos')}
            <input
              id={inputId}
              type="file"
              hidden
              multiple
              accept={IMAGES.map((e) => `.${e}`).join(',')}
              onChange={(e) => {
                const files = [...(e.target.files ?? [])];
                e.target.value = '';
                void upload(files);
              }}
            />
          </Button>
        )}
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {ban.photos.length ? (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' },
          }}
        >
          {ban.photos.map((photo) => (
            <Box component="li" key={photo.id} sx={{ minWidth: 0 }}>
              <Thumbnail url={`/banned-vehicles/${ban.id}/photos/${photo.id}`} photo={photo} />
              <Stack direction="row" sx={{ alignItems: 'center', mt: 0.5 }}>
                <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }} title={photo.name}>
                  {photo.name}
                </Typography>
                {editable && (
                  <IconButton
                    size="small"
                    aria-label={t('bannedVehicles.removePhoto', { name: photo.name })}
                    onClick={() => setRemoving(photo)}
                    disabled={busy}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )}
              </Stack>
            </Box>
          ))}
        </Box>
      ) : (
        <Typography color="text.secondary">{t('bannedVehicles.noPhotos')}</Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('bannedVehicles.photosHint', { max: BANNED_VEHICLE_PHOTOS_MAX })}
      </Typography>
      <ConfirmDialog
        open={!!removing}
        title={t('bannedVehicles.removePhotoTitle')}
        confirmLabel={t('bannedVehicles.remove')}
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      >
        {t('bannedVehicles.removePhotoBody', { name: removing?.name ?? '' })}
      </ConfirmDialog>
    </Paper>
  );
}
