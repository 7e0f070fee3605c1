import type { VisitorItem } from '@parkade/contract';
import AddIcon from '@mui/icons-material/Add';
import { Divider, List, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { LinkButton, ListItemLink } from '../../ui/AppLink';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { useList } from '../../ui/resource';
import { VisitorStatusChip } from './VisitorStatusChip';

/** On a resident's page (shown with `visitors.index`): their latest visitors, each a link, with "see all" and "register a visitor". */
export function ResidentVisitorsCard({ residentId }: { residentId: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const locale = useUiLocale();
  const visitors = useList<VisitorItem>('/visitors', {
    filter: { residentId: [String(residentId)] },
    pageSize: 5,
  });
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, flex: 1 }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2">
          {t('shell.nav.visitors')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <LinkButton href={`/residents/${residentId}/visitors`} size="small">
            {t('residents.seeAll')}
          </LinkButton>
          {can('visitors.create') && (
            <LinkButton
              href={`/residents/${residentId}/visitors-create`}
              size="small"
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t('visitors.screens.register')}
            </LinkButton>
          )}
        </Stack>
      </Stack>
      <Divider />
      {visitors.data && visitors.data.data.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('visitors.screens.noVisitors')}
        </Typography>
      )}
      <List dense>
        {(visitors.data?.data ?? []).map((v) => (
          <ListItemLink key={v.id} href={`/visitors/${v.id}/show`}>
            <ListItemText
              primary={v.plate ? `${v.plate} · ${v.name}` : v.name}
              secondary={
                v.validUntil
                  ? t('visitors.screens.until', { date: formatDateTime(v.validUntil, locale) })
                  : undefined
              }
            />
            <VisitorStatusChip status={v.shownStatus} />
          </ListItemLink>
        ))}
      </List>
    </Paper>
  );
}
