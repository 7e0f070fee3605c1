import { Box, Button, Card, CardContent, MenuItem, Stack, TextField } from '@mui/material';
import type { BuildingItem, PermitTypeItem, ReportGroup } from '@parkade/contract';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { joinRange, splitRange } from '../../ui/list-search';
import { OptionFilter } from '../../ui/OptionFilter';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { useList } from '../../ui/resource';
import { MailCard, PatrolCard } from './ActivityCards';
import type { ReportSearch } from './queries';
import { EnforcementCard, OccupancyCard, PermitsCard, VisitorsCard } from './ReportCards';

/**
 * /reports (SPEC §2.2; issue 38 §4, decision 0047): the property's figures over a period — permits, visitor permits,
 * warnings and tows, patrol coverage, imports and mail, occupancy — one card each with its charts, small tables and
 * its .xlsx and PDF exports. The filters apply to the cards that read them (REPORT_FILTERS: the building to permits
 * and visitors, the permit type to permits; occupancy is today's).
 */
export function ReportsPage({
  search,
  onChange,
}: {
  search: ReportSearch;
  onChange: (next: Partial<ReportSearch>) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('reports.pageTitle')} subtitle={t('reports.subtitle')} />
      <PropertyScoped>
        <Filters search={search} onChange={onChange} />
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 2, md: 3 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <PermitsCard search={search} />
          <VisitorsCard search={search} />
          <EnforcementCard search={search} />
          <PatrolCard search={search} />
          <MailCard search={search} />
          <OccupancyCard />
        </Box>
      </PropertyScoped>
    </>
  );
}

function Filters({
  search,
  onChange,
}: {
  search: ReportSearch;
  onChange: (next: Partial<ReportSearch>) => void;
}) {
  const { t } = useTranslation();
  const buildings = useList<BuildingItem>('/buildings', { all: true, sort: ['name'] });
  const types = useList<PermitTypeItem>('/permit-types', { all: true, sort: ['name'] });
  const filtered = search.from || search.to || search.groupBy || search.buildingId || search.permitTypeId;
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          useFlexGap
          spacing={2}
          sx={{ flexWrap: 'wrap', alignItems: { xs: 'stretch', md: 'center' } }}
        >
          <DateRangeFilter
            value={joinRange(search.from, search.to)}
            onChange={(v) => {
              const [from, to] = splitRange(v);
              onChange({ from: from || undefined, to: to || undefined });
            }}
            fromLabel={t('reports.from')}
            toLabel={t('reports.to')}
          />
          <TextField
            select
            size="small"
            label={t('reports.groupBy')}
            value={search.groupBy ?? ''}
            onChange={(e) => onChange({ groupBy: (e.target.value || undefined) as ReportGroup | undefined })}
            sx={{ width: { xs: '100%', sm: 170 } }}
          >
            <MenuItem value="">{t('reports.groupAuto')}</MenuItem>
            <MenuItem value="day">{t('reports.group.day')}</MenuItem>
            <MenuItem value="month">{t('reports.group.month')}</MenuItem>
          </TextField>
          <OptionFilter
            label={t('reports.building')}
            options={(buildings.data?.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
            value={search.buildingId}
            onChange={(v) => onChange({ buildingId: v ? Number(v) : undefined })}
          />
          <OptionFilter
            label={t('reports.permitType')}
            options={(types.data?.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
            value={search.permitTypeId}
            onChange={(v) => onChange({ permitTypeId: v ? Number(v) : undefined })}
          />
          {filtered && (
            <Button
              onClick={() =>
                onChange({
                  from: undefined,
                  to: undefined,
                  groupBy: undefined,
                  buildingId: undefined,
                  permitTypeId: undefined,
                })
              }
            >
              {t('reports.clearFilters')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
