import type { EnforcementPhoto } from '@parkade/contract';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { ReportPhoto } from '../spot-reports/SpotReportPanel';

/** The longest side of a photo sent from the phone: enough to read a plate and a windscreen, far under 5 MB. */
const MAX_SIDE = 1600;

/**
 * A phone camera's photo made small enough to send over a garage's weak signal (and always under the upload
 * policy's size): redrawn as a JPEG of at most MAX_SIDE pixels a side. Anything the browser cannot draw is sent
 * as it is (the server checks it).
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob) return file;
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
    return new File([blob], name, { type: 'image/jpeg' });
  } catch {
    return file;
  }
}

/** Photos of a warning or a tow, each opened from its record's photo route, with when it was taken. */
export function PhotoGrid({ photos, url }: { photos: EnforcementPhoto[]; url: (id: number) => string }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  if (!photos.length) return <Typography color="text.secondary">{t('permitWarnings.noPhotos')}</Typography>;
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {photos.map((p) => (
        <Box component="li" key={p.id} sx={{ minWidth: 0 }}>
          <ReportPhoto url={url(p.id)} name={p.name} />
          <Typography variant="body2" color="text.secondary" noWrap title={p.name}>
            {formatDateTime(p.takenAt, locale)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
