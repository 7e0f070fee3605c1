import AssignmentLateOutlined from '@mui/icons-material/AssignmentLateOutlined';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DirectionsCarOutlined from '@mui/icons-material/DirectionsCarOutlined';
import LocalParkingOutlined from '@mui/icons-material/LocalParkingOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import {
  Box,
  Card,
  Chip,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { WAITING, type WaitingKey, type WaitingResponse } from '@parkade/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { localeTag } from '../../platform/language';
import { useLanguageStore } from '../../platform/stores';
import { ListItemLink } from '../../ui/AppLink';
import { QueryError } from '../../ui/QueryError';

const ICONS: Record<WaitingKey, SvgIconComponent> = {
  permitsPending: AssignmentLateOutlined,
  visitorsPending: DirectionsCarOutlined,
  warningsPending: ReportProblemOutlined,
  spotReportsOpen: LocalParkingOutlined,
};

/**
 * "Waiting for you" (issue 36): what the signed-in staff member must decide, each a link to its list filtered on
 * it (GET /dashboard/waiting offers only what they may open and act on). Nothing at all when no item is theirs
 * (an inspector's dashboard has no such section); "Nothing waits for you" when every count is zero.
 */
export function Waiting({ params }: { params: { propertyId?: number } }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.currentLanguage);
  const format = new Intl.NumberFormat(localeTag(language));
  const query: Record<string, string> = params.propertyId ? { propertyId: String(params.propertyId) } : {};
  const waiting = useQuery<WaitingResponse, RequestError>({
    queryKey: ['/dashboard/waiting', query],
    queryFn: () => get<WaitingResponse>('/dashboard/waiting', query),
    placeholderData: keepPreviousData,
  });
  if (waiting.data && waiting.data.items.length === 0) return null;
  const open = waiting.data?.items.filter((i) => i.count > 0) ?? [];
  return (
    <Box component="section" aria-labelledby="dashboard-waiting" sx={{ mb: 3 }}>
      <Typography id="dashboard-waiting" variant="h2" sx={{ fontSize: '1.05rem', mb: 1.5 }}>
        {t('dashboard.waiting.title')}
      </Typography>
      {waiting.isError ? (
        <QueryError error={waiting.error} retry={() => waiting.refetch()} />
      ) : !waiting.data ? (
        <Card aria-busy="true" sx={{ p: 2 }}>
          <Skeleton width="60%" />
          <Skeleton width="45%" />
        </Card>
      ) : open.length === 0 ? (
        <Card sx={{ p: 2 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <TaskAltOutlined color="success" />
            <Typography color="text.secondary">{t('dashboard.waiting.none')}</Typography>
          </Stack>
        </Card>
      ) : (
        <Card>
          <List disablePadding>
            {open.map((item, i) => {
              const Icon = ICONS[item.key];
              const target = WAITING[item.key];
              return (
                <ListItem key={item.key} disablePadding divider={i < open.length - 1}>
                  <ListItemLink
                    href={target.href}
                    {...({ search: target.search } as object)}
                    sx={{ py: 1.5 }}
                  >
                    <ListItemIcon sx={{ minWidth: 40, color: 'warning.dark' }}>
                      <Icon />
                    </ListItemIcon>
                    <ListItemText primary={t(`dashboard.waiting.${item.key}`)} />
                    <Chip
                      label={format.format(item.count)}
                      color="warning"
                      size="small"
                      sx={{ fontWeight: 700 }}
                    />
                    <ChevronRight sx={{ ml: 1, color: 'text.secondary' }} />
                  </ListItemLink>
                </ListItem>
              );
            })}
          </List>
        </Card>
      )}
    </Box>
  );
}
