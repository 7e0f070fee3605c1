import { SPACE_STATUSES, SPOT_TYPES, type ParkingMap } from '@parkade/contract';
import { Box, Divider, Paper, Stack, Typography, type SxProps } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SpotTypeChip } from '../spots';

function Tile({ title, sx, children }: { title: string; sx: SxProps; children: ReactNode }) {
  return (
    <Box sx={sx}>
      <Typography variant="overline" component="h2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The map's counts: spots in all, by type, by status and by area. */
export function MapDashboard({ map }: { map: ParkingMap }) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 2 }} component="section" aria-label={t('map.dashboard')}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        divider={<Divider flexItem orientation="vertical" />}
      >
        <Tile title={t('map.totalSpots')} sx={{ minWidth: 120 }}>
          <Typography variant="h4" component="p" data-testid="map-total">
            {map.counts.total}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('map.areasBuildings', { areas: map.areas.length, buildings: map.buildings.length })}
          </Typography>
        </Tile>
        <Tile title={t('map.byType')} sx={{ flex: 2 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
            {SPOT_TYPES.filter((type) => map.counts.byType[type]).map((type) => (
              <Box key={type} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <SpotTypeChip type={type} />
                <Typography variant="body2">{map.counts.byType[type]}</Typography>
              </Box>
            ))}
            {map.counts.total === 0 && <Typography color="text.secondary">{t('map.empty')}</Typography>}
          </Box>
        </Tile>
        <Tile title={t('map.byStatus')} sx={{ flex: 1 }}>
          <Stack spacing={0.25} data-testid="map-status">
            {SPACE_STATUSES.map((s) => (
              <Typography key={s} variant="body2">
                {t(`spots.status.${s}`)}: <strong>{map.counts.byStatus[s] ?? 0}</strong>
              </Typography>
            ))}
          </Stack>
        </Tile>
        <Tile title={t('map.areas')} sx={{ flex: 1 }}>
          <Stack spacing={0.25}>
            {map.areas.map((a) => (
              <Typography key={a.id} variant="body2">
                {a.name}: <strong>{map.counts.byArea[String(a.id)] ?? 0}</strong>
              </Typography>
            ))}
            {map.areas.length === 0 && <Typography color="text.secondary">{t('map.noAreas')}</Typography>}
          </Stack>
        </Tile>
      </Stack>
    </Paper>
  );
}
