import ArrowForward from '@mui/icons-material/ArrowForward';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Alert, Box, Card, CardActionArea, Chip, Grid, Stack, Typography } from '@mui/material';
import { RESOURCES } from '@parkade/contract';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../platform/stores';
import type { Bootstrap } from '../../platform/session';
import { identityLabel } from '../shell/identity';
import type { NavItem } from '../shell/nav';
import { PageHeader } from '../../ui/PageHeader';
import { useNav } from '../shell/useNav';
import { greetingKey } from './greeting';

/**
 * `/`: greets the user, says who they are here, and leads to everything they may open — the same navigation
 * table, guard and existing screens as the drawer, shown as cards with a line on what each screen is for.
 */
export function HomePage({ boot }: { boot: Bootstrap }) {
  const { t } = useTranslation();
  const { sections } = useNav();
  const firstName = boot.user.fullName.trim().split(/\s+/)[0] ?? boot.user.fullName;
  const cards = sections
    .map((s) => ({ ...s, items: s.items.filter((i) => i.path !== '/') }))
    .filter((s) => s.items.length > 0);

  return (
    <>
      <PageHeader
        title={t(greetingKey(new Date().getHours()), { name: firstName })}
        subtitle={t('shell.home.subtitle')}
        actions={
          <Chip
            label={identityLabel(boot.user, boot.property?.name ?? null, t)}
            color="primary"
            variant="outlined"
            sx={{ fontWeight: 600, maxWidth: '100%' }}
          />
        }
      />
      {cards.length === 0 ? (
        <Alert severity="info" icon={<InfoOutlined />}>
          {t('shell.home.nothing')}
        </Alert>
      ) : (
        <Stack spacing={4}>
          {cards.map(({ section, items }) => (
            <Box component="section" key={section} aria-labelledby={`home-${section}`}>
              <Typography id={`home-${section}`} variant="h2" sx={{ fontSize: '1.05rem', mb: 1.5 }}>
                {t(`shell.nav.section.${section}`)}
              </Typography>
              <Grid container spacing={2}>
                {items.map((item) => (
                  <Grid key={item.path} size={{ xs: 12, sm: 6, lg: 4 }}>
                    <HomeCard item={item} />
                  </Grid>
                ))}
              </Grid>
            </Box>
          ))}
        </Stack>
      )}
    </>
  );
}

/** Actions that only read: a user holding no other action of a screen's resource reads its read-only line. */
const READING = new Set(['index', 'show', 'map', 'export']);

/**
 * The line under a card: what the user can do there. Where the user may only read a screen's resource and the
 * screen has a read-only line (`<description>.readOnly`), that one — an inspector is not told to approve permits.
 */
function useDescription(item: NavItem): string {
  const { t, i18n } = useTranslation();
  const held = useAuthStore((s) => s.permissions);
  const resource = RESOURCES.find((r) => 'nav' in r && r.nav.some((n) => n.path === item.path));
  const readOnly =
    resource !== undefined &&
    !resource.actions.some((a) => !READING.has(a) && held.includes(`${resource.name}.${a}`));
  const key = `${item.description}.readOnly`;
  return t(readOnly && i18n.exists(key) ? key : item.description);
}

function HomeCard({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  const description = useDescription(item);
  const Icon = item.icon;
  return (
    <Card
      sx={{
        height: '100%',
        transition: 'box-shadow 150ms, border-color 150ms',
        '&:hover': { borderColor: 'primary.light', boxShadow: '0 6px 20px rgba(16,42,84,0.08)' },
      }}
    >
      <CardActionArea
        href={item.path}
        sx={{
          height: '100%',
          p: { xs: 1.75, sm: 2.25 },
          display: 'flex',
          alignItems: 'flex-start',
          gap: 2,
          justifyContent: 'flex-start',
        }}
      >
        <Box
          sx={{
            width: 44,
            height: 44,
            borderRadius: 2,
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(21,101,192,0.08)',
            color: 'primary.main',
          }}
        >
          <Icon />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t(item.label)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        </Box>
        <ArrowForward aria-hidden="true" fontSize="small" sx={{ color: 'text.secondary', mt: 0.5 }} />
      </CardActionArea>
    </Card>
  );
}
