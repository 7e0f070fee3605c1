import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from './AppLink';
import { QueryError } from './QueryError';
import type { ListState } from './DataTable';
import { useList } from './resource';

/**
 * A short list as cards, one per record, each a link to its page: the resident's own vehicles and permits, which
 * are few and read on a phone (360 px) rather than scanned in a table. Every row is asked for (`all`).
 */
export function CardList<Item extends { id: number }>({
  resource,
  list,
  label,
  empty,
  href,
  children,
}: {
  resource: string;
  list: ListState;
  /** The list's accessible name. */
  label: string;
  /** What an empty list says (and how to start). */
  empty: ReactNode;
  href: (item: Item) => string;
  /** The card's content; its first line is its link's name. */
  children: (item: Item) => ReactNode;
}) {
  const { t } = useTranslation();
  const result = useList<Item>(resource, { ...list.query, all: true, page: undefined, pageSize: undefined });
  if (result.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('form.loading')} />
      </Box>
    );
  if (result.isError) return <QueryError error={result.error} retry={result.refetch} />;
  if (!result.data.data.length)
    return (
      <Paper sx={{ p: 3 }}>
        <Typography color="text.secondary">{empty}</Typography>
      </Paper>
    );
  return (
    <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {result.data.data.map((item) => (
        <Paper component="li" key={item.id} variant="outlined">
          <AppLink
            href={href(item)}
            underline="none"
            color="inherit"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2, minHeight: 48 }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>{children(item)}</Box>
            <ChevronRightIcon aria-hidden color="action" />
          </AppLink>
        </Paper>
      ))}
    </Stack>
  );
}
