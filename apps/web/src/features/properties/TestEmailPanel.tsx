import { propertyTestEmailBody, type PropertyTestEmailResult } from '@parkade/contract';
import MailIcon from '@mui/icons-material/ForwardToInboxOutlined';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import { TextInput } from '../../ui/fields';
import { applyServerErrors } from '../../ui/form';
import { contractResolver } from '../../ui/contract-resolver';

/** Sends a test email through the property's mail settings and shows the server's answer. */
export function TestEmailPanel({ id }: { id: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, flex: 1 }} component="section">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('properties.testEmail.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('properties.testEmail.intro')}
      </Typography>
      <Button variant="outlined" startIcon={<MailIcon />} onClick={() => setOpen(true)}>
        {t('properties.testEmail.send')}
      </Button>
      {open && <TestEmailDialog id={id} onClose={() => setOpen(false)} />}
    </Paper>
  );
}

function TestEmailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useForm<{ to: string }>({
    resolver: contractResolver(propertyTestEmailBody as never) as never,
    defaultValues: { to: '' },
  });
  const [result, setResult] = useState<PropertyTestEmailResult | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setResult(null);
    setGeneral(null);
    try {
      setResult(await send<PropertyTestEmailResult>('POST', `/properties/${id}/test-email`, v));
    } catch (e) {
      setGeneral(applyServerErrors(e, ['to'], (n, er, o) => form.setError(n as 'to', er, o)).general);
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{t('properties.testEmail.title')}</DialogTitle>
        <DialogContent>
          <FormProvider {...form}>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextInput name="to" label={t('properties.testEmail.to')} required />
              {general && <Alert severity="error">{general}</Alert>}
              {result && (
                <Alert severity={result.ok ? 'success' : 'error'} data-testid="test-email-result">
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {result.ok ? t('properties.testEmail.ok') : t('properties.testEmail.failed')}
                    {result.host ? ` — ${result.host}:${result.port}` : ''}
                    {result.usedDefaults ? ` (${t('properties.testEmail.defaults')})` : ''}
                  </Typography>
                  <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    {result.response}
                  </Typography>
                </Alert>
              )}
            </Stack>
          </FormProvider>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('form.close')}</Button>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('properties.testEmail.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
