import type { UserItem } from '@parkade/contract';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import ReplayIcon from '@mui/icons-material/ForwardToInboxOutlined';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLockOutlined';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { useRecord } from '../../ui/resource';
import { InvitationLinkButton } from './InvitationLinkButton';
import { useIsSelf } from './scope';
import { useUserCommands } from './user-commands';
import { invitationState, userActions } from './user-state';
import { UserSessions } from './UserSessions';

/**
 * Above a user's details: what stands between them and signing in, with the action that removes it — an
 * invitation sent (when it expires; resend it) or expired, a deactivated account (reactivate it). Nothing for an
 * active user.
 */
export function UserStateBanner({ user }: { user: UserItem }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const can = useCan();
  const actions = userActions(user, can, useIsSelf(user.id));
  const commands = useUserCommands(user);
  const state = invitationState(user);
  const when = (v: string | null | undefined) => formatDateTime(v, locale);
  const email = user.email ?? '';

  let severity: 'success' | 'warning' | 'info';
  let text: string;
  let action: React.ReactNode = null;
  if (user.status === 'inactive') {
    severity = 'info';
    text = t('users.screens.inactiveNote');
    if (actions.reactivate)
      action = (
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<CheckIcon />}
          onClick={() => commands.askStatus('reactivate')}
        >
          {t('users.screens.reactivate')}
        </Button>
      );
  } else if (user.status === 'invited' && (state === 'pending' || state === 'expired')) {
    severity = state === 'pending' ? 'success' : 'warning';
    text =
      state === 'pending'
        ? t('users.screens.invitationPending', {
            email,
            sent: when(user.invitation?.sentAt),
            expires: when(user.invitation?.expiresAt),
          })
        : t('users.screens.invitationExpired', { email, expired: when(user.invitation?.expiresAt) });
    // A pending invitation whose mail was not delivered: its link is kept, to copy and pass on (decision 0039 §4).
    if (actions.copyInvitationLink) text = `${text} ${t('users.screens.invitationNotDelivered')}`;
    if (actions.resendInvitation || actions.copyInvitationLink)
      action = (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          {actions.copyInvitationLink && <InvitationLinkButton user={user} />}
          {actions.resendInvitation && (
            <Button
              variant={state === 'expired' ? 'contained' : 'outlined'}
              color="inherit"
              startIcon={<ReplayIcon />}
              loading={commands.busy === 'resend'}
              onClick={commands.resendInvitation}
            >
              {t('users.screens.resendInvitation')}
            </Button>
          )}
        </Stack>
      );
  } else return null;

  return (
    <Alert severity={severity} icon={severity === 'success' ? <CheckIcon /> : undefined}>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <span>{text}</span>
        {action}
      </Stack>
      {commands.dialog}
    </Alert>
  );
}

/** Under a user's show page: the account's access (invitation history, password reset, deactivate), then sessions. */
export function UserPanel({ item }: { item: { id: number } }) {
  const user = useRecord<UserItem>('/users', item.id).data;
  if (!user) return null;
  return (
    <Stack spacing={3}>
      <AccessCard user={user} />
      <UserSessions user={user} />
    </Stack>
  );
}

/** For a user who accepted their invitation: when, and the password reset and deactivation when permitted. */
function AccessCard({ user }: { user: UserItem }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const can = useCan();
  const actions = userActions(user, can, useIsSelf(user.id));
  const commands = useUserCommands(user);
  const accepted = invitationState(user) === 'accepted';
  if (
    user.status === 'invited' ||
    (!accepted && !actions.passwordReset && !actions.deactivate && !actions.resetTwoFactor)
  )
    return null;
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('users.screens.access')}
      </Typography>
      <Stack spacing={2}>
        {accepted && (
          <Typography color="text.secondary">
            {t('users.screens.invitationAccepted', {
              sent: formatDateTime(user.invitation?.sentAt, locale),
              accepted: formatDateTime(user.invitation?.acceptedAt, locale),
            })}
          </Typography>
        )}
        {(actions.passwordReset || actions.deactivate || actions.resetTwoFactor) && (
          <Box>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
              {actions.passwordReset && (
                <Button
                  variant="outlined"
                  startIcon={<KeyIcon />}
                  loading={commands.busy === 'reset'}
                  onClick={commands.sendPasswordReset}
                >
                  {t('users.screens.sendPasswordReset')}
                </Button>
              )}
              {actions.resetTwoFactor && (
                <Button
                  variant="outlined"
                  startIcon={<PhonelinkLockIcon />}
                  loading={commands.busy === 'two-factor'}
                  onClick={commands.askTwoFactorReset}
                >
                  {t('users.twoFactorReset.action')}
                </Button>
              )}
              {actions.deactivate && (
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<BlockIcon />}
                  onClick={() => commands.askStatus('deactivate')}
                >
                  {t('users.screens.deactivate')}
                </Button>
              )}
            </Stack>
          </Box>
        )}
      </Stack>
      {commands.dialog}
    </Paper>
  );
}
