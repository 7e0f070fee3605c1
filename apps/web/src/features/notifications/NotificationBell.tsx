import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import {
  Badge,
  Box,
  Button,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Typography,
} from '@mui/material';
import {
  NOTIFICATION_POLL_MS,
  type Notification,
  type NotificationsResponse,
  type NotificationsUnreadResponse,
} from '@parkade/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { RouterAnchor } from '../../platform/link';
import { QueryError } from '../../ui/QueryError';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { toast } from '../../ui/toast';

const UNREAD_KEY = ['/notifications/unread'];
const LIST_KEY = ['/notifications'];

/** The text of a notification: its kind's, or the kind's variant (a decision, an import's outcome, a change). */
export function notificationText(item: Notification, t: (key: string, params?: object) => string): string {
  const variant = item.params.variant ?? item.params.decision ?? item.params.outcome;
  return t(`notifications.kind.${item.kind}${variant ? `.${variant}` : ''}`, item.params);
}

/**
 * The bell of the top bar (issue 38 §3, decision 0048): the unread count, asked again every NOTIFICATION_POLL_MS
 * and when the window regains focus; the newest notifications, each a link to its record (opening it marks it read),
 * and "mark all read".
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const client = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const unread = useQuery<NotificationsUnreadResponse, RequestError>({
    queryKey: UNREAD_KEY,
    queryFn: () => get<NotificationsUnreadResponse>('/notifications/unread'),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: true,
  });
  const list = useQuery<NotificationsResponse, RequestError>({
    queryKey: LIST_KEY,
    queryFn: () => get<NotificationsResponse>('/notifications'),
    enabled: Boolean(anchor),
    staleTime: 0,
  });
  const settle = (answer: NotificationsUnreadResponse) => {
    client.setQueryData(UNREAD_KEY, answer);
    void client.invalidateQueries({ queryKey: LIST_KEY });
  };
  const readOne = useMutation<NotificationsUnreadResponse, RequestError, number>({
    mutationFn: (nid) => send<NotificationsUnreadResponse>('POST', `/notifications/${nid}/read`),
    onSuccess: settle,
  });
  const readAll = useMutation<NotificationsUnreadResponse, RequestError>({
    mutationFn: () => send<NotificationsUnreadResponse>('POST', '/notifications/read-all'),
    onSuccess: settle,
    onError: (e) => toast.error(e.message),
  });
  const count = (list.data?.unread ?? unread.data?.unread) || 0;

  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('notifications.open', { count })}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? id : undefined}
      >
        <Badge badgeContent={count} color="error" max={99}>
          <NotificationsOutlined />
        </Badge>
      </IconButton>
      <Popover
        id={id}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('notifications.title'),
            sx: {
              width: 380,
              maxWidth: 'calc(100vw - 16px)',
              maxHeight: '70vh',
              mt: 1,
              display: 'flex',
              flexDirection: 'column',
            },
          },
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            px: 2,
            py: 1.25,
            gap: 1,
            borderBottom: '1px solid #e3e8ef',
          }}
        >
          <Typography component="h2" sx={{ fontWeight: 600, flex: 1 }}>
            {t('notifications.title')}
          </Typography>
          <Button size="small" onClick={() => readAll.mutate()} disabled={!count || readAll.isPending}>
            {t('notifications.readAll')}
          </Button>
        </Box>
        <Box sx={{ overflowY: 'auto' }}>
          {list.isLoading && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
              <CircularProgress size={28} aria-label={t('notifications.loading')} />
            </Box>
          )}
          {list.error && <QueryError error={list.error} retry={() => void list.refetch()} />}
          {list.data && list.data.items.length === 0 && (
            <Typography color="text.secondary" sx={{ px: 2, py: 3, textAlign: 'center' }}>
              {t('notifications.empty')}
            </Typography>
          )}
          {list.data && list.data.items.length > 0 && (
            <List disablePadding>
              {list.data.items.map((item) => (
                <ListItem key={item.id} disablePadding>
                  <ListItemButton
                    component={RouterAnchor}
                    href={item.href}
                    onClick={() => {
                      if (!item.read) readOne.mutate(item.id);
                      setAnchor(null);
                    }}
                    sx={{
                      alignItems: 'flex-start',
                      gap: 1.25,
                      bgcolor: item.read ? undefined : 'rgba(21,101,192,0.06)',
                    }}
                  >
                    <Box
                      aria-hidden
                      sx={{
                        mt: 1,
                        width: 8,
                        height: 8,
                        borderRadius: '50%',
                        flexShrink: 0,
                        bgcolor: item.read ? 'transparent' : 'primary.main',
                      }}
                    />
                    <ListItemText
                      primary={notificationText(item, (k, p) => t(k, p as Record<string, string>))}
                      secondary={
                        <>
                          {item.read ? '' : `${t('notifications.unread')} · `}
                          {formatDateTime(item.createdAt, locale)}
                        </>
                      }
                      slotProps={{
                        primary: { sx: { fontWeight: item.read ? 400 : 600, overflowWrap: 'anywhere' } },
                      }}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      </Popover>
    </>
  );
}
