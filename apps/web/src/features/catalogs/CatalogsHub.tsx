import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { canVisit } from '../../platform/route-access';
import { useAuthStore } from '../../platform/stores';
import { useArea } from '../../ui/access';
import { PageHeader } from '../../ui/PageHeader';
import { useNav } from '../shell/useNav';

/**
 * /catalog: the catalogs this user may open (the navigation's own table, so the cards and the menu agree), and the
 * audit log at /catalog/binnacle.
 */
export function CatalogsHub() {
  const { t } = useTranslation();
  const area = useArea();
  const { items } = useNav();
  const user = useAuthStore((s) => s.user);
  const permissions = useAuthStore((s) => s.permissions);
  const cards = items
    .filter((i) => i.section === 'catalogs')
    .map((i) => ({ path: i.path, title: t(i.label), description: t(i.description), Icon: i.icon }));
  if (user && canVisit('/catalog/binnacle', user, permissions))
    cards.push({
      path: '/catalog/binnacle',
      title: t('binnacle.title'),
      description: t('binnacle.subtitle'),
      Icon: HistoryOutlined,
    });
  return (
    <>
      <PageHeader
        title={t('catalogs.title')}
        subtitle={area === 'central' ? t('catalogs.hub.subtitle') : t('catalogs.hub.readOnly')}
      />
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {cards.map(({ path, title, description, Icon }) => (
          <Box component="li" key={path}>
            <Card sx={{ height: '100%' }}>
              <CardActionArea href={path} sx={{ height: '100%' }}>
                <CardContent>
                  <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                    <Box
                      sx={{
                        display: 'grid',
                        placeItems: 'center',
                        width: 44,
                        height: 44,
                        borderRadius: 2,
                        bgcolor: 'primary.main',
                        color: 'primary.contrastText',
                        flexShrink: 0,
                      }}
                    >
                      <Icon aria-hidden="true" />
                    </Box>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography component="h2" variant="h4">
                        {title}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                        {description}
                      </Typography>
                    </Box>
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
    </>
  );
}
