import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readPlate } from './ocr';

/**
 * "Read from a photo": the phone's camera, then the plate read in the browser (ocr.ts) fills the plate field. Nothing
 * is looked up until the officer has checked what was read and presses Look up; nothing leaves the phone.
 */
export function ReadPlateButton({ onRead }: { onRead: (plate: string) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);

  const read = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setSaid(null);
    try {
      const plate = await readPlate(file);
      if (plate) {
        onRead(plate);
        setSaid({ ok: true, text: t('lookup.photoRead', { plate }) });
      } else setSaid({ ok: false, text: t('lookup.photoUnread') });
    } catch {
      setSaid({ ok: false, text: t('lookup.photoFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button component="label" variant="outlined" startIcon={<PhotoCameraOutlined />} loading={busy}>
        {busy ? t('lookup.photoReading') : t('lookup.photo')}
        <input
          hidden
          type="file"
          accept="image/png,image/jpeg,image/webp"
          capture="environment"
          aria-label={t('lookup.photo')}
          disabled={busy}
          onChange={(e) => {
            void read(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Button>
      {said && (
        <Typography variant="body2" role="status" color={said.ok ? 'text.secondary' : 'error'}>
          {said.text}
        </Typography>
      )}
    </Stack>
  );
}
