import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  hasPermission,
  type OverviewProperty,
  type PropertyListItem,
  type ZoneItem,
} from '@parkade/contract';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bootstrap } from '../../platform/session';
import { usePropertyStore } from '../../platform/stores';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { CounterCards } from './CounterCards';
import { useCounters, usePropertyOptions, useZoneOptions } from './queries';
import { Waiting } from './Waiting';

/**
 * /dashboard (SPEC §2.5): counters of what exists. A property's staff see their property at once. Central staff
 * first choose a zone, then a property of it (kept in the property store, so the choice survives a reload and is
 * the property other screens act on); with only a zone chosen they see the zone's totals. Before a property is
 * chosen, who may read the reports compares the zones (no zone chosen) or the zone's properties (CentralOverview).
 */
const DashboardCharts = lazy(() => import('./DashboardCharts'));
const CentralOverview = lazy(() => import('./CentralOverview'));

/** The morning charts, for who may read the reports (a chunk of their own, after the counters). */
function Trends({ boot }: { boot: Bootstrap }) {
  if (!hasPermission(boot.permissions, 'reports.index')) return null;
  return (
    <Suspense fallback={null}>
      <DashboardCharts />
    </Suspense>
  );
}

export function DashboardPage({ boot }: { boot: Bootstrap }) {
  const { t } = useTranslation();
  if (boot.property) {
    return (
      <>
        <PageHeader
          overline={boot.property.name}
          title={t('shell.dashboard.title')}
          subtitle={t('shell.dashboard.tenantSubtitle')}
        />
        <Waiting params={{}} />
        <Counters params={{}} title={t('shell.dashboard.atAGlance')} />
        <Trends boot={boot} />
      </>
    );
  }
  return <CentralDashboard boot={boot} />;
}

function CentralDashboard({ boot }: { boot: Bootstrap }) {
  const { t } = useTranslation();
  const zoneId = usePropertyStore((s) => s.zoneId);
  const propertyId = usePropertyStore((s) => s.propertyId);
  const select = usePropertyStore((s) => s.select);
  const canListProperties = hasPermission(boot.permissions, 'properties.index');
  // The comparison of zones and properties: the reports' figures, for who may read them (decision 0052).
  const canCompare = hasPermission(boot.permissions, 'reports.index');
  // "Show here" chooses a property as the pickers do: only for who may list properties (the pickers need it).
  const showHere = canListProperties
    ? (p: OverviewProperty) => {
        select({ zoneId: p.zoneId, propertyId: p.id, propertyName: p.name });
        window.scrollTo({ top: 0 });
      }
    : undefined;
  const zones = useZoneOptions();
  const properties = usePropertyOptions(zoneId, canListProperties);

  const zone = zones.data?.data.find((z) => z.id === zoneId) ?? null;
  const property = zone
    ? (properties.data?.data.find((p) => p.id === propertyId && p.zoneId === zone.id) ?? null)
    : null;
  // Asked once the chosen zone is known (not first for every zone while the zones load).
  const comparison = (zoneId === null || zones.data || zones.isError) && (
    <Suspense fallback={null}>
      <CentralOverview zone={zone} onShow={showHere} />
    </Suspense>
  );

  return (
    <>
      <PageHeader
        overline={t('shell.central')}
        title={t('shell.dashboard.title')}
        subtitle={t('shell.dashboard.centralSubtitle')}
      />
      <Card sx={{ mb: 3 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
          <Typography variant="h2" sx={{ fontSize: '1.05rem', mb: 2 }}>
            {t('shell.dashboard.chooseTitle')}
          </Typography>
          {zones.isError && (
            <Alert
              severity="error"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => void zones.refetch()}>
                  {t('shell.retry')}
                </Button>
              }
            >
              {zones.error.message}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <Autocomplete<ZoneItem>
              sx={{ flex: 1 }}
              options={zones.data?.data ?? []}
              loading={zones.isLoading}
              value={zone}
              onChange={(_e, z) => select({ zoneId: z?.id ?? null, propertyId: null })}
              getOptionLabel={(z) => z.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              noOptionsText={t('shell.dashboard.noZones')}
              loadingText={t('shell.loading')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('shell.dashboard.zone')}
                  placeholder={t('shell.dashboard.zonePlaceholder')}
                />
              )}
            />
            {canListProperties && (
              <Autocomplete<PropertyListItem>
                sx={{ flex: 1 }}
                options={properties.data?.data ?? []}
                loading={properties.isFetching}
                disabled={!zone}
                value={property}
                onChange={(_e, p) => select({ propertyId: p?.id ?? null, propertyName: p?.name ?? null })}
                getOptionLabel={(p) => p.name}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                noOptionsText={t('shell.dashboard.noProperties')}
                loadingText={t('shell.loading')}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('shell.dashboard.property')}
                    placeholder={
                      zone ? t('shell.dashboard.propertyPlaceholder') : t('shell.dashboard.zoneFirst')
                    }
                  />
                )}
              />
            )}
          </Stack>
        </CardContent>
      </Card>
      {!zone ? (
        canCompare ? (
          comparison
        ) : (
          <Prompt
            icon={<MapOutlined />}
            title={t('shell.dashboard.promptZoneTitle')}
            text={t('shell.dashboard.promptZone')}
          />
        )
      ) : property ? (
        <>
          <Waiting params={{ propertyId: property.id }} />
          <Counters
            params={{ propertyId: property.id }}
            title={t('shell.dashboard.propertyFigures', { property: property.name })}
          />
          <Trends boot={boot} />
        </>
      ) : (
        <>
          <Counters
            params={{ zoneId: zone.id }}
            title={t('shell.dashboard.zoneFigures', { zone: zone.name })}
          />
          {canCompare && comparison}
          {canListProperties && !canCompare && (
            <Box sx={{ mt: 3 }}>
              <Prompt
                icon={<ApartmentOutlined />}
                title={t('shell.dashboard.promptPropertyTitle')}
                text={t('shell.dashboard.promptProperty')}
              />
            </Box>
          )}
        </>
      )}
    </>
  );
}

function Counters({ params, title }: { params: { zoneId?: number; propertyId?: number }; title: string }) {
  const counters = useCounters(params);
  return (
    <Box component="section" aria-labelledby="dashboard-figures">
      <Typography id="dashboard-figures" variant="h2" sx={{ fontSize: '1.05rem', mb: 1.5 }}>
        {title}
      </Typography>
      {counters.isError ? (
        <QueryError error={counters.error} retry={() => counters.refetch()} />
      ) : (
        <CounterCards counters={counters.data?.counters} loading={counters.isLoading} />
      )}
    </Box>
  );
}

function Prompt({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Card sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', borderStyle: 'dashed', bgcolor: 'transparent' }}>
      <Box
        aria-hidden="true"
        sx={{
          width: 56,
          height: 56,
          mx: 'auto',
          mb: 2,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(21,101,192,0.08)',
          color: 'primary.main',
        }}
      >
        {icon}
      </Box>
      <Typography variant="h3" component="p" sx={{ mb: 0.75 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480, mx: 'auto' }}>
        {text}
      </Typography>
    </Card>
  );
}
