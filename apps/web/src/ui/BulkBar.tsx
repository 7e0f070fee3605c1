import type { BulkOutcome, Permission } from '@parkade/contract';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestError } from '../platform/errors';
import { useCan } from './access';
import { ConfirmDialog } from './ConfirmDialog';
import { toast } from './toast';

/** What an action asks beside the question: a text (a revocation's reason) or one of some options (a status). */
export interface BulkField {
  label: string;
  required?: boolean;
  multiline?: boolean;
  maxLength?: number;
  options?: { value: string; label: string }[];
}

/** One button of the bar: an action on the rows checked, confirmed before it runs. */
export interface BulkAction {
  key: string;
  label: string;
  icon?: ReactNode;
  /** Offered only to who holds it (the permission of the one-row action). */
  permission: Permission;
  /** The bar's main action (a filled button); the others are outlined. */
  primary?: boolean;
  /** Red confirm button: the action takes something away (revoke). */
  destructive?: boolean;
  /** The dialog's title (the button's label when left out), its question (with the count) and confirm button. */
  title?: string;
  confirm: (count: number) => string;
  confirmLabel?: string;
  field?: BulkField;
  /** Calls the API: a bulk outcome (done, skipped with reasons), or a message (mail queued). */
  run: (ids: number[], value: string) => Promise<BulkOutcome | { message: string }>;
  /** "2 approved": the words of the rows done (`value`: what the field held). */
  doneText?: (count: number, value: string) => string;
}

interface Finished {
  summary: string;
  skipped: BulkOutcome['skipped'];
}

/**
 * The bar over a list with rows checked (decision 0039, "Also expected: row selection and bulk actions"): "N
 * selected", the actions the user may take, and a way to clear the selection. Each action is confirmed in a dialog
 * that says how many rows it touches (and asks its field); afterwards a toast says what was done ("3 approved") or,
 * when rows were skipped, a dialog titled with it ("2 approved, 1 skipped") lists each with its reason; the
 * resource's lists are read again and the selection is cleared. Rendered by the list whether rows are checked or
 * not, so the outcome outlives the selection.
 */
export function BulkBar({
  ids,
  clear,
  actions,
  resource,
}: {
  ids: number[];
  clear: () => void;
  actions: BulkAction[];
  /** The API path whose lists and records the actions change ('/permits'). */
  resource: string;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const [open, setOpen] = useState<BulkAction | null>(null);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [finished, setFinished] = useState<Finished | null>(null);
  const fieldId = useId();
  const offered = actions.filter((a) => can(a.permission));
  if (!offered.length) return null;

  const start = (action: BulkAction) => {
    setValue('');
    setOpen(action);
  };
  const run = async (action: BulkAction) => {
    setBusy(true);
    try {
      const answer = await action.run(ids, value);
      void client.invalidateQueries({ queryKey: [resource] });
      if ('done' in answer) {
        const done = action.doneText?.(answer.done, value) ?? String(answer.done);
        const summary = answer.skipped.length
          ? t('bulk.outcome', { done, skipped: t('bulk.skipped', { count: answer.skipped.length }) })
          : done;
        // With rows skipped, the summary is the title of the dialog that lists them: the dialog takes the focus and
        // is read out, while a toast beside a modal dialog would be hidden from assistive technology.
        if (answer.skipped.length) setFinished({ summary, skipped: answer.skipped });
        else toast.success(summary);
      } else toast.success(answer.message);
      setOpen(null);
      clear();
    } catch (e) {
      toast.error((e as RequestError).message);
    } finally {
      setBusy(false);
    }
  };

  const field = open?.field;
  return (
    <>
      {ids.length > 0 && (
        <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
          >
            <Typography role="status" sx={{ flex: 1 }}>
              {t('bulk.selected', { count: ids.length })}
            </Typography>
            {offered.map((action) => (
              <Button
                key={action.key}
                variant={action.primary ? 'contained' : 'outlined'}
                color={action.destructive ? 'error' : 'primary'}
                startIcon={action.icon}
                onClick={() => start(action)}
              >
                {action.label}
              </Button>
            ))}
            <Button onClick={clear}>{t('bulk.clearSelection')}</Button>
          </Stack>
        </Paper>
      )}
      <ConfirmDialog
        open={open !== null}
        title={open ? (open.title ?? open.label) : ''}
        confirmLabel={open ? (open.confirmLabel ?? open.label) : ''}
        destructive={open?.destructive ?? false}
        busy={busy}
        disabled={!!field?.required && !value.trim()}
        onConfirm={() => open && void run(open)}
        onClose={() => setOpen(null)}
        extra={
          field && (
            <TextField
              id={fieldId}
              label={field.label}
              required={field.required}
              select={!!field.options}
              multiline={field.multiline}
              minRows={field.multiline ? 3 : undefined}
              fullWidth
              sx={{ mt: 2 }}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              slotProps={{ htmlInput: field.maxLength ? { maxLength: field.maxLength } : undefined }}
            >
              {field.options?.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          )
        }
      >
        {open ? open.confirm(ids.length) : null}
      </ConfirmDialog>
      {finished && <SkippedDialog finished={finished} onClose={() => setFinished(null)} />}
    </>
  );
}

/** The rows an action left as they were, each with what it is and why. */
function SkippedDialog({ finished, onClose }: { finished: Finished; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{finished.summary}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('bulk.skippedIntro')}</DialogContentText>
        <List dense>
          {finished.skipped.map((s) => (
            <ListItem key={s.id} disableGutters>
              <ListItemText primary={s.label ?? t('bulk.record', { id: s.id })} secondary={s.reason} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('shell.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
