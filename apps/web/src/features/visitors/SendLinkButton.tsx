import SendIcon from '@mui/icons-material/SendOutlined';
import type { VisitorLinkSent } from '@parkade/contract';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import { toast } from '../../ui/toast';
import { writeClipboard } from '../../ui/clipboard';

/**
 * "Send registration link" for a visitor without a permit yet: makes their personal link (single use, 7 days;
 * an earlier one stops working) and shows the text to send by SMS or any messenger, ready to copy; the server
 * emails it too when the visitor has an email. `path`: POST /visitors/{id}/link (staff) or /my/visitors/{id}/link.
 */
export function SendLinkButton({
  path,
  variant = 'outlined',
}: {
  path: string;
  variant?: 'outlined' | 'contained';
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [sent, setSent] = useState<VisitorLinkSent | null>(null);
  const [busy, setBusy] = useState(false);
  const make = async () => {
    setBusy(true);
    try {
      setSent(await send<VisitorLinkSent>('POST', path));
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const copy = () =>
    void writeClipboard(sent!.text).then((copied) =>
      copied ? toast.success(t('visitors.screens.linkTextCopied')) : toast.error(sent!.text),
    );
  return (
    <>
      <Button variant={variant} startIcon={<SendIcon />} onClick={() => void make()} loading={busy}>
        {t('visitors.screens.sendLink')}
      </Button>
      <Dialog open={!!sent} onClose={() => setSent(null)} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('visitors.screens.sendLinkTitle')}</DialogTitle>
        <DialogContent>
          {sent && (
            <>
              <DialogContentText sx={{ mb: 2 }}>{t('visitors.screens.sendLinkBody')}</DialogContentText>
              <TextField
                label={t('visitors.screens.sendLinkText')}
                value={sent.text}
                multiline
                minRows={4}
                fullWidth
                slotProps={{ htmlInput: { readOnly: true } }}
              />
              {sent.emailed && (
                <Alert severity="success" sx={{ mt: 2 }}>
                  {t('visitors.screens.sendLinkEmailed')}
                </Alert>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSent(null)}>{t('visitors.screens.done')}</Button>
          <Button variant="contained" onClick={copy}>
            {t('visitors.screens.copyText')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
