import CheckCircle from '@mui/icons-material/CheckCircle';
import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Grid,
  InputAdornment,
  Pagination,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  counterLabelKey,
  hasPermission,
  PATROLLING_COUNTER_KEYS,
  type Counter,
  type PatrollingProperty,
  type ZoneItem,
} from '@parkade/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../ui/useDebounced';
import { localeTag } from '../../platform/language';
import type { Bootstrap } from '../../platform/session';
import { useLanguageStore, usePropertyStore } from '../../platform/stores';
import { useList } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { CounterCards } from '../dashboard/CounterCards';
import { useCounters, useZoneOptions } from '../dashboard/queries';
import { PageHeader } from '../../ui/PageHeader';
import { CheckInPanel } from './CheckInPanel';

export const PATROLLING_PAGE_SIZE = 24;

/**
 * /patrolling (SPEC §2.5): the property selection with each property's counters. Central patrol officers search the
 * active properties (name, code, city, address) and filter by zone; choosing one keeps it as the selected property
 * (the property store) for the patrol. On a property's own host the property is given, and its counters are shown.
 */
export function PatrollingPage({ boot }: { boot: Bootstrap }) {
  const { t } = useTranslation();
  if (boot.property) {
    const canCount = hasPermission(boot.permissions, 'dashboard.index');
    const canPatrol = hasPermission(boot.permissions, 'patrolling.check-in');
    return (
      <>
        <PageHeader
          overline={boot.property.name}
          title={t('shell.patrolling.title')}
          subtitle={t('shell.patrolling.tenantSubtitle')}
        />
        {canPatrol && <CheckInPanel propertyId={boot.property.id} propertyName={boot.property.name} />}
        {canCount && <TenantCounters />}
      </>
    );
  }
  return <PropertySelection canPatrol={hasPermission(boot.permissions, 'patrolling.check-in')} />;
}

function TenantCounters() {
  const { t } = useTranslation();
  const counters = useCounters({});
  const shown = counters.data?.counters.filter((c) =>
    (PATROLLING_COUNTER_KEYS as readonly string[]).includes(c.key),
  );
  if (counters.isError) return <Alert severity="error">{counters.error.message}</Alert>;
  return (
    <Box component="section" aria-label={t('shell.patrolling.counters')}>
      <CounterCards
        counters={shown}
        loading={counters.isLoading}
        placeholders={PATROLLING_COUNTER_KEYS.length}
      />
    </Box>
  );
}

function PropertySelection({ canPatrol }: { canPatrol: boolean }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [zone, setZone] = useState<ZoneItem | null>(null);
  const [page, setPage] = useState(1);
  const search = useDebounced(term.trim(), 300);
  const selectedId = usePropertyStore((s) => s.propertyId);
  const selectedName = usePropertyStore((s) => s.propertyName);
  const select = usePropertyStore((s) => s.select);
  const zones = useZoneOptions();

  useEffect(() => setPage(1), [search, zone]);

  const properties = useList<PatrollingProperty>('/patrolling/properties', {
    term: search || undefined,
    filter: zone ? { zoneId: [String(zone.id)] } : undefined,
    sort: ['name'],
    page,
    pageSize: PATROLLING_PAGE_SIZE,
  });
  const rows = properties.data?.data ?? [];
  const meta = properties.data?.meta;

  const choose = (p: PatrollingProperty) => {
    select({ propertyId: p.id, zoneId: p.zoneId, propertyName: p.name, propertyTimeZone: p.timezone });
    toast.success(t('shell.patrolling.selected', { property: p.name }));
  };

  return (
    <>
      <PageHeader title={t('shell.patrolling.title')} subtitle={t('shell.patrolling.subtitle')} />
      {canPatrol && selectedId !== null && selectedName && (
        <CheckInPanel propertyId={selectedId} propertyName={selectedName} />
      )}
      {selectedId !== null && selectedName && (
        <Alert
          severity="success"
          icon={<CheckCircle />}
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => select({ propertyId: null })}>
              {t('shell.patrolling.clear')}
            </Button>
          }
        >
          {t('shell.patrolling.current', { property: selectedName })}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <TextField
          label={t('shell.patrolling.search')}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          type="search"
          sx={{ flex: 2 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Autocomplete<ZoneItem>
          sx={{ flex: 1, minWidth: { md: 260 } }}
          options={zones.data?.data ?? []}
          loading={zones.isLoading}
          value={zone}
          onChange={(_e, z) => setZone(z)}
          getOptionLabel={(z) => z.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={t('shell.dashboard.noZones')}
          loadingText={t('shell.loading')}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('shell.patrolling.zone')}
              placeholder={t('shell.patrolling.allZones')}
            />
          )}
        />
      </Stack>

      {properties.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void properties.refetch()}>
              {t('shell.retry')}
            </Button>
          }
        >
          {properties.error.message}
        </Alert>
      ) : properties.isLoading ? (
        <Grid container spacing={2}>
          {Array.from({ length: 6 }, (_, i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Card sx={{ p: 2.5 }}>
                <Skeleton width="60%" height={28} />
                <Skeleton width="80%" />
                <Skeleton variant="rounded" height={56} sx={{ mt: 2 }} />
              </Card>
            </Grid>
          ))}
        </Grid>
      ) : rows.length === 0 ? (
        <Card sx={{ p: 4, textAlign: 'center', borderStyle: 'dashed', bgcolor: 'transparent' }}>
          <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{t('shell.patrolling.emptyTitle')}</Typography>
          <Typography color="text.secondary">
            {search || zone ? t('shell.patrolling.emptyFiltered') : t('shell.patrolling.empty')}
          </Typography>
        </Card>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 1.5 }} aria-live="polite">
            {t('shell.patrolling.count', { count: meta?.total ?? rows.length })}
          </Typography>
          <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {rows.map((p) => (
              <Grid key={p.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
                <PropertyCard property={p} selected={p.id === selectedId} onSelect={() => choose(p)} />
              </Grid>
            ))}
          </Grid>
          {meta && meta.lastPage > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
              <Pagination
                count={meta.lastPage}
                page={meta.page}
                onChange={(_e, p) => setPage(p)}
                color="primary"
                shape="rounded"
                siblingCount={0}
                getItemAriaLabel={(type, p, isSelected) =>
                  type === 'page'
                    ? t(isSelected ? 'shell.pagination.current' : 'shell.pagination.page', { page: p })
                    : t(`shell.pagination.${type}`)
                }
              />
            </Box>
          )}
        </>
      )}
    </>
  );
}

function PropertyCard({
  property,
  selected,
  onSelect,
}: {
  property: PatrollingProperty;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.currentLanguage);
  const format = new Intl.NumberFormat(localeTag(language));
  const place = [property.address, property.city].filter(Boolean).join(', ');
  const counters = PATROLLING_COUNTER_KEYS.map(
    (key) => property.counters.find((c) => c.key === key) ?? ({ key, value: 0 } satisfies Counter),
  );
  const headingId = `patrol-property-${property.id}`;
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderColor: selected ? 'primary.main' : undefined,
        boxShadow: selected ? '0 0 0 1px #1565c0' : undefined,
      }}
    >
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 0.5 }}
        >
          <Typography
            id={headingId}
            variant="h3"
            component="h2"
            sx={{ fontSize: '1.05rem', overflowWrap: 'anywhere' }}
          >
            {property.name}
          </Typography>
          {property.zone && (
            <Chip size="small" label={property.zone.name} sx={{ flexShrink: 0, maxWidth: '50%' }} />
          )}
        </Stack>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 2 }}
        >
          <LocationOnOutlined aria-hidden="true" sx={{ fontSize: 16 }} />
          {place || property.code}
        </Typography>
        <Stack direction="row" spacing={1.5} component="dl" sx={{ m: 0 }}>
          {counters.map((c) => (
            <Box
              key={c.key}
              sx={{
                flex: 1,
                display: 'flex',
                flexDirection: 'column-reverse',
                justifyContent: 'flex-end',
                bgcolor: 'background.default',
                borderRadius: 2,
                px: 1.5,
                py: 1,
              }}
            >
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(counterLabelKey(c.key))}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontSize: 20, fontWeight: 700 }}>
                {format.format(c.value)}
              </Typography>
            </Box>
          ))}
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        {selected ? (
          <Button
            fullWidth
            variant="contained"
            color="primary"
            startIcon={<CheckCircle />}
            aria-pressed="true"
            onClick={onSelect}
          >
            {t('shell.patrolling.isSelected')}
          </Button>
        ) : (
          <Button
            fullWidth
            variant="outlined"
            onClick={onSelect}
            aria-label={t('shell.patrolling.selectNamed', { property: property.name })}
          >
            {t('shell.patrolling.select')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
