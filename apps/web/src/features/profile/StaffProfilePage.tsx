import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { Avatar, Box, Button, Card, CardContent, Divider, Grid, Stack, Typography } from '@mui/material';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nativeName } from '../../platform/language';
import { useAuthStore } from '../../platform/stores';
import { ChangePasswordDialog } from '../auth/ChangePasswordDialog';
import { identityLabel, initials } from '../shell/identity';
import { FactList } from '../../ui/FactList';
import { PageHeader } from '../../ui/PageHeader';
import { useArea } from '../shell/useArea';
import { TwoFactorSection } from '../two-factor/TwoFactorSection';

/**
 * /profile: a staff user's own account — who they are (from the session) and how they sign in: the password and
 * two-factor sign-in (decision 0014). Residents have their own profile at /my/profile.
 */
export function StaffProfilePage() {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const user = useAuthStore((s) => s.user);
  const { propertyName } = useArea();
  const [changing, setChanging] = useState(false);
  if (!user) return null;
  const rows: [string, string][] = [
    [t('shell.profile.email'), user.email ?? '—'],
    [t('shell.profile.phone'), user.phone ?? '—'],
    [t('shell.profile.language'), nativeName(user.language)],
    [t('shell.profile.lastLogin'), user.lastLoginAt ? formatDateTime(user.lastLoginAt, locale) : '—'],
  ];

  return (
    <>
      <PageHeader title={t('twoFactor.profile.title')} subtitle={t('twoFactor.profile.subtitle')} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5, lg: 4 }}>
          <Card component="section" aria-label={user.fullName}>
            <CardContent sx={{ p: 3 }}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2.5 }}>
                <Avatar
                  sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: 20, fontWeight: 600 }}
                >
                  {initials(user.fullName)}
                </Avatar>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="h2" sx={{ fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
                    {user.fullName}
                  </Typography>
                  <Typography color="text.secondary" variant="body2">
                    {identityLabel(user, propertyName, t)}
                  </Typography>
                </Box>
              </Stack>
              <Divider sx={{ mb: 2 }} />
              <FactList facts={rows} layout="card" />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7, lg: 8 }}>
          <Stack spacing={3}>
            <TwoFactorSection />
            <Card component="section" aria-labelledby="password-title">
              <CardContent sx={{ p: 3 }}>
                <Typography id="password-title" variant="h2" sx={{ fontSize: '1.05rem', mb: 1 }}>
                  {t('twoFactor.profile.password')}
                </Typography>
                <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
                  {t('twoFactor.profile.passwordText')}
                </Typography>
                <Button variant="outlined" startIcon={<KeyOutlined />} onClick={() => setChanging(true)}>
                  {t('shell.changePassword.title')}
                </Button>
              </CardContent>
            </Card>
          </Stack>
        </Grid>
      </Grid>
      <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
    </>
  );
}
