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
  const result = useList<Item>(resource, { ...list.query, all: true, page: undefined, pageSize: undefined });
  if (result.isPending) return <ListLoading />;
  if (result.isError) return <QueryError error={result.error} retry={result.refetch} />;
  if (!result.data.data.length)
    return (
      <Paper sx={{ p: 3 }}>
        <Typography color="text.secondary">{empty}</Typography>
      </Paper>
    );
  return (
    <LinkCards label={label}>
      {result.data.data.map((item) => (
        <LinkCard key={item.id} href={href(item)}>
          {children(item)}
        </LinkCard>
      ))}
    </LinkCards>
  );
}

/** A list of cards (LinkCard), named for assistive technology. */
export function LinkCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {children}
    </Stack>
  );
}

/** One card of a LinkCards list: the whole card is a link to the record's page; its first line names the link. */
export function LinkCard({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Paper component="li" variant="outlined">
      <AppLink
        href={href}
        underline="none"
        color="inherit"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2, minHeight: 48 }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
        <ChevronRightIcon aria-hidden color="action" />
      </AppLink>
    </Paper>
  );
}

/** A card's name and, under it, what the record is for. */
export function CardTitle({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <Box>
      <Typography component="span" variant="subtitle1" sx={{ display: 'block', fontWeight: 600 }}>
        {title}
      </Typography>
      {description && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {description}
        </Typography>
      )}
    </Box>
  );
}

/** The spinner a page shows while its list loads. */
export function ListLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={t('form.loading')} />
    </Box>
  );
}
