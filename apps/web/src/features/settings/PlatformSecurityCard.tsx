import { Alert, FormControlLabel, FormHelperText, Paper, Skeleton, Switch, Typography } from '@mui/material';
import type { SystemSettings } from '@parkade/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { toast } from '../../ui/toast';

const KEY = ['/system-settings'] as const;

/**
 * The platform's own settings on the central settings screen (system-settings.index to see, .edit to change):
 * whether central staff must sign in with two factors. A change is saved at once and audited by the server.
 */
export function PlatformSecurityCard() {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const titleId = useId();
  const helpId = useId();
  const [error, setError] = useState<string | null>(null);
  const query = useQuery({ queryKey: KEY, queryFn: () => get<SystemSettings>('/system-settings') });
  const save = useMutation<SystemSettings, RequestError, SystemSettings>({
    mutationFn: (body) => send<SystemSettings>('PUT', '/system-settings', body),
    onSuccess: (data) => {
      client.setQueryData(KEY, data);
      setError(null);
      toast.success(t('systemSettings.saved'));
    },
    onError: (e) => setError(Object.values(e.errors).flat()[0] ?? e.message),
  });
  const mayEdit = can('system-settings.edit');

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} component="section" aria-labelledby={titleId}>
      <Typography variant="h6" component="h2" id={titleId} sx={{ mb: 1.5 }}>
        {t('systemSettings.title')}
      </Typography>
      {query.isError ? (
        <Alert severity="error">{query.error.message}</Alert>
      ) : !query.data ? (
        <Skeleton width="70%" height={40} />
      ) : (
        <>
          <FormControlLabel
            control={
              <Switch
                checked={query.data.requireTwoFactorForCentralStaff}
                disabled={!mayEdit || save.isPending}
                onChange={(e) =>
                  save.mutate({ ...query.data, requireTwoFactorForCentralStaff: e.target.checked })
                }
                slotProps={{ input: { 'aria-describedby': helpId } }}
              />
            }
            label={t('systemSettings.requireTwoFactor')}
          />
          <FormHelperText id={helpId} sx={{ mt: 0.5, mx: 0 }}>
            {t('systemSettings.requireTwoFactorHelp')}
          </FormHelperText>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </>
      )}
    </Paper>
  );
}
