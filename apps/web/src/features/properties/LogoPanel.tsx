import type { Property } from '@parkade/contract';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, send } from '../../platform/api';
import { useCan } from '../../ui/access';
import { toast } from '../../ui/toast';

/** The property's logo on its show page: the image, and upload, replace and remove for those who may edit. */
export function LogoPanel({ id }: { id: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const inputId = useId();
  const record = useQuery({
    queryKey: ['/properties', 'record', id],
    queryFn: async () => (await (await api()).get<Property>(`/properties/${id}`)).data,
  });
  const logoId = record.data?.logoFileId ?? null;
  const image = useQuery({
    queryKey: ['/properties', id, 'logo', logoId],
    enabled: logoId !== null,
    queryFn: async () =>
      URL.createObjectURL(
        (await (await api()).get<Blob>(`/properties/${id}/logo`, { responseType: 'blob' })).data,
      ),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const fd = new FormData();
      fd.append('logo', file, file.name);
      const res = await (await api()).post<Property>(`/properties/${id}/logo`, fd);
      client.setQueryData(['/properties', 'record', id], res.data);
      toast.success(t('properties.logoSaved'));
    } catch (e) {
      const err = e as { errors?: Record<string, string[]>; message: string };
      setError(err.errors?.logo?.[0] ?? err.message);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      const p = await send<Property>('DELETE', `/properties/${id}/logo`);
      client.setQueryData(['/properties', 'record', id], p);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, flex: 1 }} component="section" aria-labelledby={`${inputId}-h`}>
      <Typography variant="h6" component="h2" id={`${inputId}-h`} gutterBottom>
        {t('properties.logo')}
      </Typography>
      <Box sx={{ height: 96, display: 'flex', alignItems: 'center', mb: 2 }}>
        {logoId && image.data ? (
          <Box
            component="img"
            src={image.data}
            alt={t('properties.logoAlt')}
            sx={{ maxHeight: 96, maxWidth: '100%' }}
          />
        ) : (
          <Typography color="text.secondary">{t('properties.noLogo')}</Typography>
        )}
      </Box>
      {can('properties.edit') && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button component="label" variant="outlined" htmlFor={inputId} disabled={busy}>
            {logoId ? t('properties.replaceLogo') : t('properties.uploadLogo')}
            <input
              id={inputId}
              hidden
              type="file"
              accept=".png,.jpg,.jpeg,.webp"
              onChange={(e) => void upload(e.target.files?.[0])}
            />
          </Button>
          {logoId && (
            <Button color="error" onClick={() => void remove()} disabled={busy}>
              {t('properties.removeLogo')}
            </Button>
          )}
        </Stack>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {t('properties.logoHint')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Paper>
  );
}
