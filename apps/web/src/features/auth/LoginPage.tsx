import {
  ERROR_CODES,
  isLoginChallenge,
  type LoginBody,
  type LoginTwoFactorBody,
  type SessionAnswer,
} from '@parkade/contract';
import { Typography } from '@mui/material';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { landingPath } from '../../platform/guards';
import i18n from '../../platform/i18n';
import { RequestError } from '../../platform/errors';
import { login, loginTwoFactor } from '../../platform/session';
import { useDocumentTitle } from '../../platform/title';
import { toast } from '../../ui/toast';
import { useArea } from '../shell/useArea';
import { TwoFactorLoginForm } from '../two-factor/TwoFactorLoginForm';
import { AuthLayout } from './AuthLayout';
import { LoginForm } from './LoginForm';

/**
 * /auth/login (SPEC §2.1): on a property's host it names the property and says that its residents and staff sign in
 * here; on the central host it says this is the central administration (SPEC §6). After signing in: the `redirect`
 * the user came from, else the landing page of SPEC §2.2. `email` fills the form (after an accepted invitation).
 */
export function LoginPage({ redirect, email }: { redirect?: string; email?: string }) {
  const { t } = useTranslation();
  const router = useRouter();
  const { area, propertyName } = useArea();
  const title = t('shell.login.title');
  useDocumentTitle(title);

  const [challenge, setChallenge] = useState<string | null>(null);
  // "Remember me" from the password step decides where the session of the code step is kept.
  const [remember, setRemember] = useState(false);

  const signedIn = async (answer: SessionAnswer) => {
    // i18n's own t, not this render's: signing in has just switched to the user's language (session.ts).
    toast.success(i18n.t('auth.loginSuccess'));
    await router.navigate({ href: redirect ?? landingPath(answer.user, answer.permissions), replace: true });
  };
  const submit = async (body: LoginBody) => {
    const answer = await login(body);
    setRemember(body.remember === true);
    if (isLoginChallenge(answer)) setChallenge(answer.challenge);
    else await signedIn(answer);
  };
  const submitCode = async (body: LoginTwoFactorBody) => {
    try {
      await signedIn(await loginTwoFactor(body, remember));
    } catch (err) {
      // The challenge expired or was used up: back to the password, saying why.
      if (err instanceof RequestError && err.code === ERROR_CODES.twoFactorChallengeInvalid) {
        setChallenge(null);
        toast.error(err.message);
        return;
      }
      throw err;
    }
  };

  const tenant = area === 'tenant';
  if (challenge)
    return (
      <AuthLayout>
        <Typography
          component="p"
          variant="overline"
          sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: 1, lineHeight: 1.6, display: 'block' }}
        >
          {tenant ? propertyName : t('shell.login.centralOverline')}
        </Typography>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('twoFactor.login.title')}
        </Typography>
        <TwoFactorLoginForm challenge={challenge} onSubmit={submitCode} onBack={() => setChallenge(null)} />
      </AuthLayout>
    );
  return (
    <AuthLayout>
      <Typography
        component="p"
        variant="overline"
        sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: 1, lineHeight: 1.6, display: 'block' }}
      >
        {tenant ? propertyName : t('shell.login.centralOverline')}
      </Typography>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3.5 }}>
        {tenant
          ? t('shell.login.tenantSubtitle', { property: propertyName })
          : t('shell.login.centralSubtitle')}
      </Typography>
      <LoginForm
        onSubmit={submit}
        email={email}
        emailHint={tenant ? t('shell.login.tenantHint') : t('shell.login.centralHint')}
      />
    </AuthLayout>
  );
}
