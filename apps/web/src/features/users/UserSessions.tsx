import type { UserItem, UserSession } from '@parkade/contract';
import LogoutIcon from '@mui/icons-material/Logout';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Divider,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { toast } from '../../ui/toast';
import { describeUserAgent, userActions } from './user-state';

const sessionsKey = (id: number) => ['/users', 'sessions', id] as const;

/**
 * The user's sessions that are still valid (device, address, last used), each with "End session", and "End all
 * sessions": the user is signed out there at once. Not shown for an invited user (no sessions yet).
 */
export function UserSessions({ user }: { user: UserItem }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const can = useCan();
  const client = useQueryClient();
  const actions = userActions(user, can);
  const sessions = useQuery<UserSession[], RequestError>({
    queryKey: sessionsKey(user.id),
    queryFn: () => get<UserSession[]>(`/users/${user.id}/sessions`),
    enabled: actions.seeSessions,
  });
  const [ending, setEnding] = useState<number | 'all' | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  if (!actions.seeSessions) return null;

  const end = async (which: number | 'all') => {
    setEnding(which);
    try {
      await send(
        'DELETE',
        which === 'all' ? `/users/${user.id}/sessions` : `/users/${user.id}/sessions/${which}`,
      );
      toast.success(t(which === 'all' ? 'users.screens.sessionsEnded' : 'users.screens.sessionEnded'));
      await client.invalidateQueries({ queryKey: sessionsKey(user.id) });
    } catch (e) {
      toast.error((e as RequestError).message);
    } finally {
      setEnding(null);
      setConfirmAll(false);
    }
  };

  const list = sessions.data ?? [];
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction="row"
        useFlexGap
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2">
          {t('users.screens.sessions')}
          {list.length > 0 && ` · ${list.length}`}
        </Typography>
        {actions.endSessions && list.length > 0 && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<LogoutIcon />}
            onClick={() => setConfirmAll(true)}
          >
            {t('users.screens.endAllSessions')}
          </Button>
        )}
      </Stack>
      <Divider />
      {sessions.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={28} aria-label={t('form.loading')} />
        </Box>
      )}
      {sessions.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {sessions.error.message}
        </Alert>
      )}
      {sessions.isSuccess && list.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('users.screens.noSessions')}
        </Typography>
      )}
      {list.length > 0 && (
        <List aria-label={t('users.screens.sessions')} disablePadding>
          {list.map((s) => (
            <ListItem
              key={s.id}
              divider
              disableGutters
              sx={{ gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'center' }}
            >
              <ListItemText
                sx={{ minWidth: 0, flex: '1 1 240px' }}
                primary={
                  <Stack direction="row" useFlexGap sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <span>{describeUserAgent(s.userAgent) ?? t('users.screens.unknownDevice')}</span>
                    {s.current && <Chip size="small" label={t('users.screens.thisSession')} />}
                  </Stack>
                }
                secondary={[
                  s.ip ? t('users.screens.sessionIp', { ip: s.ip }) : null,
                  t('users.screens.sessionLastUsed', {
                    when: formatDateTime(s.lastUsedAt ?? s.createdAt, locale),
                  }),
                  t('users.screens.sessionStarted', { when: formatDateTime(s.createdAt, locale) }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
              {actions.endSessions && (
                <Button
                  size="small"
                  color="error"
                  loading={ending === s.id}
                  disabled={ending !== null && ending !== s.id}
                  onClick={() => void end(s.id)}
                  aria-label={t('users.screens.endSessionOf', {
                    device: describeUserAgent(s.userAgent) ?? t('users.screens.unknownDevice'),
                  })}
                  sx={{ flexShrink: 0 }}
                >
                  {t('users.screens.endSession')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={confirmAll}
        title={t('users.screens.endAllTitle')}
        confirmLabel={t('users.screens.endAllSessions')}
        busy={ending === 'all'}
        onConfirm={() => void end('all')}
        onClose={() => setConfirmAll(false)}
      >
        {t('users.screens.endAllText', { name: user.fullName, count: list.length })}
      </ConfirmDialog>
    </Paper>
  );
}
