import type { InvitationLink, UserItem } from '@parkade/contract';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import {
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
import { get } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { toast } from '../../ui/toast';
import { writeClipboard } from '../../ui/clipboard';

/**
 * "Copy invitation link" on a pending invitation whose mail was not delivered (decision 0039 §4): reads the link
 * (GET /users/:id/invitation/link, held to the rules of inviting that user) and puts it on the clipboard. Where the
 * browser offers no clipboard (a page not served over HTTPS) or refuses, the link shows in a dialog, selected, to
 * copy by hand.
 */
export function InvitationLinkButton({ user }: { user: Pick<UserItem, 'id' | 'fullName'> }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const copied = () => toast.success(t('users.screens.invitationLinkCopied', { name: user.fullName }));

  const copy = async () => {
    setBusy(true);
    try {
      const { link } = await get<InvitationLink>(`/users/${user.id}/invitation/link`);
      if (await writeClipboard(link)) copied();
      else setShown(link);
    } catch (e) {
      toast.error((e as RequestError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="contained"
        color="success"
        startIcon={<CopyIcon />}
        loading={busy}
        onClick={() => void copy()}
      >
        {t('users.screens.copyInvitationLink')}
      </Button>
      <Dialog
        open={shown !== null}
        onClose={() => setShown(null)}
        fullWidth
        maxWidth="sm"
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>{t('users.screens.invitationLinkTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('users.screens.invitationLinkCopyHint', { name: user.fullName })}
          </DialogContentText>
          <TextField
            label={t('users.screens.invitationLinkTitle')}
            value={shown ?? ''}
            multiline
            fullWidth
            autoFocus
            onFocus={(e) => e.target.select()}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setShown(null)}>{t('form.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
