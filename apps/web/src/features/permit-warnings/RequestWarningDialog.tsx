import {
  optionsRead,
  PERMIT_WARNING_NOTE_MAX,
  permitWarningsResource,
  type OptionItem,
  type OptionsRead,
  type PermitWarningItem,
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
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useList } from '../../ui/resource';
import { toast } from '../../ui/toast';

/**
 * The catalog's entries by name (a short list: every one), read under the request's own permission (its options
 * read, decision 0039 §3).
 */
function useCatalog(read: OptionsRead, enabled: boolean) {
  return useList<OptionItem>(read.path, { all: true }, { enabled }).data?.data ?? [];
}

/**
 * Asks to place a warning on the car of an observation (POST /permit-warnings): the warning type (warnings
 * catalog), the reason (reasons catalog) and a note for the staff who decide. The officer must be checked in at
 * the property and the observation must be of that check-in; the server says so otherwise. Opened from the patrol
 * screen's observation and from the warnings list ("Ask for a warning").
 */
export function RequestWarningDialog({
  observationId,
  plate,
  open,
  onClose,
  onCreated,
}: {
  observationId: number;
  plate: string;
  open: boolean;
  onClose: () => void;
  onCreated?: (warning: PermitWarningItem) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const titleId = useId();
  const warnings = useCatalog(optionsRead(permitWarningsResource, 'warnings'), open);
  const reasons = useCatalog(optionsRead(permitWarningsResource, 'reasons'), open);
  const [warningId, setWarningId] = useState<number | ''>('');
  const [reasonId, setReasonId] = useState<number | ''>('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  useEffect(() => {
    if (!open) return;
    setWarningId('');
    setReasonId('');
    setNote('');
    setError(null);
    setFieldErrors({});
  }, [open, observationId]);

  const submit = async () => {
    const missing: Record<string, string[]> = {};
    if (warningId === '') missing.warningId = [t('validation.required')];
    if (reasonId === '') missing.reasonId = [t('validation.required')];
    setFieldErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setError(null);
    try {
      const created = await send<PermitWarningItem>('POST', '/permit-warnings', {
        observationId,
        warningId,
        reasonId,
        note: note.trim() || null,
      });
      void client.invalidateQueries({ queryKey: ['/permit-warnings'] });
      toast.success(t('permitWarnings.requestSent', { plate: created.plate }));
      onCreated?.(created);
      onClose();
    } catch (e) {
      const err = e as RequestError;
      setFieldErrors(err.errors ?? {});
      const onFields = Object.keys(err.errors ?? {}).some((k) => k !== 'observationId');
      setError(onFields ? null : (err.errors?.observationId?.[0] ?? err.message));
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
      <DialogTitle id={titleId}>{t('permitWarnings.request.title', { plate })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <DialogContentText>{t('permitWarnings.request.body')}</DialogContentText>
          <TextField
            select
            required
            label={t('permitWarnings.warningType')}
            value={warningId}
            onChange={(e) => setWarningId(Number(e.target.value))}
            error={!!fieldErrors.warningId}
            helperText={fieldErrors.warningId?.[0]}
            fullWidth
          >
            {warnings.map((w) => (
              <MenuItem key={w.id} value={w.id}>
                {w.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            required
            label={t('permitWarnings.reason')}
            value={reasonId}
            onChange={(e) => setReasonId(Number(e.target.value))}
            error={!!fieldErrors.reasonId}
            helperText={fieldErrors.reasonId?.[0]}
            fullWidth
          >
            {reasons.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('permitWarnings.noteForStaff')}
            multiline
            minRows={2}
            fullWidth
            value={note}
            onChange={(e) => setNote(e.target.value)}
            error={!!fieldErrors.note}
            helperText={fieldErrors.note?.[0]}
            slotProps={{ htmlInput: { maxLength: PERMIT_WARNING_NOTE_MAX } }}
          />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('form.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} loading={busy}>
          {t('permitWarnings.request.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
