import {
  optionsRead,
  VEHICLE_TOW_NOTE_MAX,
  vehicleTowsResource,
  type OptionItem,
  type PermitWarningItem,
  type VehicleTowItem,
} from '@parkade/contract';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useList } from '../../ui/resource';

/** "Authorise tow" (managers): the tow type of the tows catalog and a note; the server checks grace and proof. */
export function AuthorizeTowDialog({
  warning,
  open,
  onClose,
  onAuthorized,
}: {
  warning: PermitWarningItem;
  open: boolean;
  onClose: () => void;
  onAuthorized: (tow: VehicleTowItem) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  // The tow types, read under the authorisation's own permission (its options read, decision 0039 §3).
  const tows =
    useList<OptionItem>(optionsRead(vehicleTowsResource, 'tows').path, { all: true }, { enabled: open }).data
      ?.data ?? [];
  const [towId, setTowId] = useState<number | ''>('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [towError, setTowError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setTowId('');
      setNote('');
      setError(null);
      setTowError(null);
    }
  }, [open]);

  const submit = async () => {
    if (towId === '') {
      setTowError(t('validation.required'));
      return;
    }
    setBusy(true);
    setError(null);
    setTowError(null);
    try {
      onAuthorized(
        await send<VehicleTowItem>('POST', '/vehicle-tows', {
          permitWarningId: warning.id,
          towId,
          note: note.trim() || null,
        }),
      );
    } catch (e) {
      const err = e as RequestError;
      setTowError(err.errors?.towId?.[0] ?? null);
      setError(err.errors?.towId ? null : err.message);
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
      <DialogTitle id={titleId}>{t('permitWarnings.tow.title', { plate: warning.plate })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <DialogContentText>{t('permitWarnings.tow.body')}</DialogContentText>
          <TextField
            select
            required
            label={t('vehicleTows.company')}
            value={towId}
            onChange={(e) => setTowId(Number(e.target.value))}
            error={!!towError}
            helperText={towError}
            fullWidth
          >
            {tows.map((x) => (
              <MenuItem key={x.id} value={x.id}>
                {x.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('vehicleTows.note')}
            multiline
            minRows={2}
            fullWidth
            value={note}
            onChange={(e) => setNote(e.target.value)}
            slotProps={{ htmlInput: { maxLength: VEHICLE_TOW_NOTE_MAX } }}
          />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('form.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={() => void submit()} loading={busy}>
          {t('permitWarnings.tow.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
