import { SPOT_TYPES } from '@parkade/contract';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
} from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { Controller, FormProvider, useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyServerErrors } from '../../../ui/form';
import { contractResolver } from '../../../ui/contract-resolver';
import { SpotTypeChip } from '../../spots';

/** A dialog holding one form on a contract schema: the server's field errors land on their fields. */
export function FormDialog<V extends FieldValues>({
  title,
  schema,
  defaultValues,
  submitLabel,
  onSubmit,
  onClose,
  children,
  fields,
}: {
  title: string;
  schema: z.ZodType;
  defaultValues: DefaultValues<V>;
  submitLabel: string;
  onSubmit: (values: V) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
  fields: string[];
}) {
  const { t } = useTranslation();
  const id = useId();
  // The schema validates what the form holds; its parsed output is what is sent.
  const form = useForm<V>({ resolver: contractResolver(schema as never) as never, defaultValues });
  const [general, setGeneral] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setGeneral(null);
    try {
      await onSubmit(values);
    } catch (e) {
      const placed = applyServerErrors(e, fields, (n, er, o) => form.setError(n as never, er, o));
      setGeneral(placed.general);
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={id}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent>
          <FormProvider {...form}>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {children}
              {general && <Alert severity="error">{general}</Alert>}
            </Stack>
          </FormProvider>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The spot types as select options, each shown as its chip. */
export const typeOptions = () => SPOT_TYPES.map((v) => ({ value: v, label: <SpotTypeChip type={v} /> }));

export function SwitchField({ name, label }: { name: string; label: string }) {
  return (
    <Controller
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />
          }
          label={label}
        />
      )}
    />
  );
}
