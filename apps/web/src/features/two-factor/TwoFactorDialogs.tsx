import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  twoFactorDisableBody,
  twoFactorRegenerateBody,
  type RecoveryCodesResponse,
  type TwoFactorDisableBody,
  type TwoFactorRegenerateBody,
  type TwoFactorStatus,
} from '@parkade/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { enrolmentPath } from '../../platform/session';
import { contractResolver } from '../../ui/contract-resolver';
import { toast } from '../../ui/toast';
import { applySubmitError, useFieldProps } from '../auth/fields';
import { PasswordField } from '../auth/PasswordField';
import { CodeField } from './CodeField';
import { EnrolTwoFactor } from './EnrolTwoFactor';
import { BOOTSTRAP_KEY, TWO_FACTOR_KEY } from './queries';
import { RecoveryCodes } from './RecoveryCodes';

/** A dialog of the two-factor section: full screen on a phone, one title for screen readers. */
function TwoFactorDialog({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}

/** Turning two-factor on from the profile: the enrolment steps in a dialog. */
export function EnableTwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <TwoFactorDialog open={open} onClose={() => undefined} title={t('twoFactor.enrol.title')}>
      <DialogContent>{open && <EnrolTwoFactor onCancel={onClose} onDone={onClose} />}</DialogContent>
    </TwoFactorDialog>
  );
}

const DISABLE_EMPTY: TwoFactorDisableBody = { password: '', code: '' };

/** Turning two-factor off: the password and a code of the app or a recovery code. */
export function DisableTwoFactorDialog({
  open,
  onClose,
  required,
}: {
  open: boolean;
  onClose: () => void;
  /** Mandatory for this user: they will have to set it up again at once. */
  required: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const router = useRouter();
  const [general, setGeneral] = useState<string | null>(null);
  const form = useForm({ resolver: contractResolver(twoFactorDisableBody), defaultValues: DISABLE_EMPTY });
  const field = useFieldProps(form);
  const save = useMutation<{ status: TwoFactorStatus; message: string }, RequestError, TwoFactorDisableBody>({
    mutationFn: (body) => send('POST', '/auth/two-factor/disable', body),
  });
  const close = () => {
    if (save.isPending) return;
    form.reset(DISABLE_EMPTY);
    setGeneral(null);
    onClose();
  };
  const submit = form.handleSubmit(async (body) => {
    setGeneral(null);
    try {
      const answer = await save.mutateAsync(body);
      client.setQueryData(TWO_FACTOR_KEY, answer.status);
      toast.success(answer.message);
      form.reset(DISABLE_EMPTY);
      onClose();
      await client.invalidateQueries({ queryKey: BOOTSTRAP_KEY });
      // Mandatory for this user: set it up again before anything else.
      if (required) await router.navigate({ href: enrolmentPath('/profile'), replace: true });
    } catch (err) {
      setGeneral(
        applySubmitError(err, ['password', 'code'], (n, e, o) =>
          form.setError(n as 'password' | 'code', e, o),
        ),
      );
    }
  });
  return (
    <TwoFactorDialog open={open} onClose={close} title={t('twoFactor.disable.title')}>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <DialogContentText sx={{ mb: 2.5 }}>{t('twoFactor.disable.intro')}</DialogContentText>
          <Stack spacing={2.5}>
            {required && <Alert severity="warning">{t('twoFactor.disable.requiredWarning')}</Alert>}
            {general && <Alert severity="error">{general}</Alert>}
            <PasswordField
              label={t('twoFactor.disable.password')}
              autoComplete="current-password"
              autoFocus
              required
              {...field('password')}
            />
            <TextField
              label={t('twoFactor.disable.code')}
              autoComplete="one-time-code"
              required
              {...field('code', t('twoFactor.disable.codeHint'))}
              slotProps={{ htmlInput: { maxLength: 20, spellCheck: false, autoCapitalize: 'off' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} disabled={save.isPending}>
            {t('shell.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={save.isPending}>
            {t('twoFactor.disable.submit')}
          </Button>
        </DialogActions>
      </form>
    </TwoFactorDialog>
  );
}

/** New recovery codes for a code of the app; the old ones stop working. */
export function RegenerateCodesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [general, setGeneral] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({ resolver: contractResolver(twoFactorRegenerateBody), defaultValues: { code: '' } });
  const field = useFieldProps(form);
  const save = useMutation<RecoveryCodesResponse, RequestError, TwoFactorRegenerateBody>({
    mutationFn: (body) => send<RecoveryCodesResponse>('POST', '/auth/two-factor/recovery-codes', body),
  });
  const close = () => {
    if (save.isPending) return;
    form.reset({ code: '' });
    setGeneral(null);
    setCodes(null);
    onClose();
  };
  const submit = form.handleSubmit(async (body) => {
    setGeneral(null);
    try {
      const answer = await save.mutateAsync(body);
      client.setQueryData(TWO_FACTOR_KEY, answer.status);
      toast.success(answer.message);
      setCodes(answer.recoveryCodes);
    } catch (err) {
      setGeneral(applySubmitError(err, ['code'], (n, e, o) => form.setError(n as 'code', e, o)));
    }
  });
  return (
    <TwoFactorDialog
      open={open}
      onClose={codes ? () => undefined : close}
      title={t('twoFactor.regenerate.title')}
    >
      {codes ? (
        <DialogContent>
          <RecoveryCodes codes={codes} onDone={close} />
        </DialogContent>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogContent>
            <DialogContentText sx={{ mb: 2.5 }}>{t('twoFactor.regenerate.intro')}</DialogContentText>
            <Stack spacing={2.5}>
              {general && <Alert severity="error">{general}</Alert>}
              <CodeField
                label={t('twoFactor.code')}
                autoFocus
                required
                {...field('code', t('twoFactor.codeHint'))}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={close} disabled={save.isPending}>
              {t('shell.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={save.isPending}>
              {t('twoFactor.regenerate.submit')}
            </Button>
          </DialogActions>
        </form>
      )}
    </TwoFactorDialog>
  );
}
