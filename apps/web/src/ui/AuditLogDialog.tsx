import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Pagination,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from './QueryError';
import { actionLabel, ChangesTable, type AuditEntry } from './audit';
import { formatDateTime, useUiLocale } from './locale';
import { useList } from './resource';

const PAGE_SIZE = 10;

export const actionColor = (action: string): 'success' | 'primary' | 'error' | 'default' =>
  action === 'create'
    ? 'success'
    : action === 'update'
      ? 'primary'
      : action === 'delete'
        ? 'error'
        : 'default';

/**
 * The audit-log dialog of a record (SPEC §2.5): every entry the server wrote for it (GET /binnacle with
 * filter[entity] and filter[entityId]), newest first — action, who, when, and the changed attributes old → new;
 * a no-data message when there is none.
 */
export function AuditLogDialog({
  open,
  onClose,
  entity,
  entityId,
  title,
}: {
  open: boolean;
  onClose: () => void;
  /** The server's entity name (its table: 'zones', 'permit_types'). */
  entity: string;
  entityId: number | string;
  /** What the record is called, for the dialog's title. */
  title: string;
}) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [page, setPage] = useState(1);
  const result = useList<AuditEntry>(
    '/binnacle',
    {
      filter: { entity: [entity], entityId: [String(entityId)] },
      sort: ['-createdAt'],
      page,
      pageSize: PAGE_SIZE,
    },
    { enabled: open },
  );
  const entries = result.data?.data ?? [];
  const lastPage = result.data?.meta.lastPage ?? 1;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t('audit.title')}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {title}
        </Typography>
      </DialogTitle>
      <IconButton
        aria-label={t('form.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseIcon />
      </IconButton>
      {/* The entries scroll inside the dialog: a keyboard user must be able to focus the region to scroll it. */}
      <DialogContent dividers tabIndex={0} role="region" aria-labelledby={titleId}>
        {result.isPending && open ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('form.loading')} />
          </Box>
        ) : result.isError ? (
          <QueryError error={result.error} retry={result.refetch} />
        ) : entries.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {t('audit.empty')}
          </Typography>
        ) : (
          <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {entries.map((e) => (
              <Box
                component="li"
                key={e.id}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
              >
                <Stack
                  direction="row"
                  useFlexGap
                  sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}
                >
                  <Chip size="small" color={actionColor(e.action)} label={actionLabel(t, e.action)} />
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {e.userName ?? t('audit.system')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" component="time" dateTime={e.createdAt}>
                    {formatDateTime(e.createdAt, locale)}
                  </Typography>
                </Stack>
                <ChangesTable changes={e.changes} action={e.action} />
              </Box>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: lastPage > 1 ? 'space-between' : 'flex-end', px: 3 }}>
        {lastPage > 1 && (
          <Pagination
            count={lastPage}
            page={page}
            onChange={(_e, p) => setPage(p)}
            size="small"
            getItemAriaLabel={(type, p) => t(`list.pagination.${type}`, { page: p })}
          />
        )}
        <Button onClick={onClose}>{t('form.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
