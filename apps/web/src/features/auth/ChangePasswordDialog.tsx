import { changePasswordBody, RESET_PASSWORD_MIN, type ChangePasswordBody } from '@parkade/contract';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { contractResolver } from '../../ui/contract-resolver';
import { toast } from '../../ui/toast';
import { applySubmitError, useFieldProps } from './fields';
import { NewPasswordFields, PasswordField } from './PasswordField';

const FIELDS = ['currentPassword', 'password', 'passwordConfirmation'] as const;
const EMPTY: ChangePasswordBody = { currentPassword: '', password: '', passwordConfirmation: '' };

/**
 * SPEC §2.5 change-password dialog, for every signed-in user (the user menu; the resident's profile):
 * PUT /auth/password with the current password and the new one twice. The contract schema checks the form
 * (at least 8 characters, the confirmation must match); the server's field errors (a wrong current password) land
 * on their fields. The user's other sessions end; this one stays.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [general, setGeneral] = useState<string | null>(null);
  const form = useForm({ resolver: contractResolver(changePasswordBody), defaultValues: EMPTY });
  const field = useFieldProps(form);
  const save = useMutation<{ message: string }, RequestError, ChangePasswordBody>({
    mutationFn: (body) => send<{ message: string }>('PUT', '/auth/password', body),
  });

  const close = () => {
    if (save.isPending) return;
    form.reset(EMPTY);
    setGeneral(null);
    onClose();
  };

  const submit = form.handleSubmit(async (body) => {
    setGeneral(null);
    try {
      const answer = await save.mutateAsync(body);
      toast.success(answer.message);
      form.reset(EMPTY);
      onClose();
    } catch (err) {
      setGeneral(
        applySubmitError(err, FIELDS, (name, e, o) => form.setError(name as (typeof FIELDS)[number], e, o)),
      );
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="xs"
      aria-labelledby="change-password-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="change-password-title">{t('shell.changePassword.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2.5 }}>
            {t('shell.changePassword.intro', { min: RESET_PASSWORD_MIN })}
          </DialogContentText>
          <Stack spacing={2.5}>
            {general && <Alert severity="error">{general}</Alert>}
            <PasswordField
              label={t('shell.changePassword.current')}
              autoComplete="current-password"
              autoFocus
              required
              {...field('currentPassword')}
            />
            <NewPasswordFields field={field} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} disabled={save.isPending}>
            {t('shell.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('shell.changePassword.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
