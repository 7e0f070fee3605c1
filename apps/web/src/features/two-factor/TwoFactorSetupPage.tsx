import { Link, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { landingPath } from '../../platform/guards';
import { BOOTSTRAP_KEY, logout } from '../../platform/session';
import { useAuthStore } from '../../platform/stores';
import { useDocumentTitle } from '../../platform/title';
import { toast } from '../../ui/toast';
import { AuthLayout } from '../auth/AuthLayout';
import { EnrolTwoFactor } from './EnrolTwoFactor';

/**
 * /two-factor-setup: where central staff land while two-factor sign-in is mandatory and they have not set it up
 * (their session can do nothing else). The enrolment steps, then on to where they were going; or sign out.
 */
export function TwoFactorSetupPage({ redirect }: { redirect?: string }) {
  const { t } = useTranslation();
  const router = useRouter();
  const client = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const title = t('twoFactor.setup.title');
  useDocumentTitle(title);

  const done = async () => {
    await client.invalidateQueries({ queryKey: BOOTSTRAP_KEY });
    const { user, permissions } = useAuthStore.getState();
    await router.navigate({ href: redirect ?? (user ? landingPath(user, permissions) : '/'), replace: true });
  };
  const signOut = async () => {
    setLeaving(true);
    const failure = await logout();
    if (failure) toast.error(failure.message);
  };

  return (
    <AuthLayout>
      <Typography
        component="p"
        variant="overline"
        sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: 1, lineHeight: 1.6, display: 'block' }}
      >
        {t('twoFactor.setup.overline')}
      </Typography>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('twoFactor.setup.intro')}
      </Typography>
      <EnrolTwoFactor narrow onDone={() => void done()} />
      <Stack direction="row" sx={{ justifyContent: 'center', mt: 3 }}>
        <Link
          component="button"
          type="button"
          variant="body2"
          underline="hover"
          disabled={leaving}
          onClick={() => void signOut()}
        >
          {t('twoFactor.setup.signOut')}
        </Link>
      </Stack>
    </AuthLayout>
  );
}
