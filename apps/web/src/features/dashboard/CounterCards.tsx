import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import { Box, Card, Grid, Skeleton, Typography } from '@mui/material';
import { counterLabelKey, type Counter, type CounterKey } from '@parkade/contract';
import { useTranslation } from 'react-i18next';
import { localeTag } from '../../platform/language';
import { useLanguageStore } from '../../platform/stores';

/** An icon and an accent per counter key; a key added later without one gets the generic look. */
const LOOK: Partial<Record<CounterKey, { icon: SvgIconComponent; color: string; bg: string }>> = {
  properties: { icon: ApartmentOutlined, color: '#0d47a1', bg: 'rgba(21,101,192,0.10)' },
  centralUsers: { icon: AdminPanelSettingsOutlined, color: '#4a148c', bg: 'rgba(106,27,154,0.10)' },
  staffUsers: { icon: BadgeOutlined, color: '#00695c', bg: 'rgba(0,121,107,0.10)' },
  residents: { icon: PeopleOutlined, color: '#1b5e20', bg: 'rgba(46,125,50,0.10)' },
  binnacleToday: { icon: HistoryOutlined, color: '#8a4b00', bg: 'rgba(255,179,0,0.16)' },
  mailPending: { icon: MailOutlined, color: '#b71c1c', bg: 'rgba(198,40,40,0.09)' },
};
const DEFAULT_LOOK = { icon: InsightsOutlined, color: '#0d47a1', bg: 'rgba(21,101,192,0.10)' };

/** Counters as stat cards (label `dashboard.counters.<key>`, the value in the interface language's digits). */
export function CounterCards({
  counters,
  loading = false,
  placeholders = 4,
}: {
  counters?: Counter[];
  loading?: boolean;
  placeholders?: number;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.currentLanguage);
  const format = new Intl.NumberFormat(localeTag(language));
  if (loading || !counters) {
    return (
      <Grid container spacing={2} aria-busy="true">
        {Array.from({ length: placeholders }, (_, i) => (
          <Grid key={i} size={{ xs: 6, lg: 4 }}>
            <Card sx={{ p: 2.5 }}>
              <Skeleton variant="rounded" width={44} height={44} sx={{ mb: 2 }} />
              <Skeleton width="40%" height={36} />
              <Skeleton width="60%" />
            </Card>
          </Grid>
        ))}
      </Grid>
    );
  }
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {counters.map((c) => {
        const look = LOOK[c.key] ?? DEFAULT_LOOK;
        const Icon = look.icon;
        return (
          <Grid key={c.key} size={{ xs: 6, lg: 4 }} component="li">
            <Card
              sx={{
                p: { xs: 2, sm: 2.5 },
                height: '100%',
                display: 'flex',
                flexDirection: { xs: 'column', sm: 'row' },
                alignItems: { xs: 'flex-start', sm: 'center' },
                gap: { xs: 1.25, sm: 2 },
              }}
            >
              <Box
                sx={{
                  width: 48,
                  height: 48,
                  borderRadius: 2,
                  display: 'grid',
                  placeItems: 'center',
                  flexShrink: 0,
                  bgcolor: look.bg,
                  color: look.color,
                }}
              >
                <Icon />
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography
                  component="p"
                  sx={{ fontSize: { xs: 24, sm: 28 }, fontWeight: 700, lineHeight: 1.15 }}
                >
                  {format.format(c.value)}
                </Typography>
                <Typography
                  color="text.secondary"
                  sx={{ fontWeight: 500, fontSize: { xs: 14, sm: 16 }, overflowWrap: 'anywhere' }}
                >
                  {t(counterLabelKey(c.key))}
                </Typography>
              </Box>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}
