import {
  languageCodeCreateBody,
  LANGUAGE_DIRECTIONS,
  RTL_LANGUAGE_CODES,
  type LanguageCodeCreateBody,
  type LanguageCodeItem,
} from '@parkade/contract';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import { cldrLanguageName } from '../../platform/language';
import type { RequestError } from '../../platform/errors';
import { contractResolver } from '../../ui/contract-resolver';
import { SelectInput, SwitchInput, TextInput } from '../../ui/fields';
import { applyServerErrors } from '../../ui/form';
import { toast } from '../../ui/toast';

const FIELDS = ['code', 'name', 'nativeName', 'direction', 'active'] as const;

/** A language's names as the browser's language list (CLDR) has them: in English, and in itself. */
function suggestedNames(code: string): { name: string; nativeName: string } | null {
  const name = cldrLanguageName(code, 'en');
  const nativeName = cldrLanguageName(code, code);
  return name && nativeName ? { name, nativeName } : null;
}

/**
 * Adding a language (its ISO 639-1 code; the names and the direction are suggested from the code, from the
 * browser's list of languages, and can be changed) or changing one (names, direction, offered). Decision 0051.
 */
export function LanguageCodeDialog({
  language,
  onClose,
}: {
  /** The language to change; null to add one. */
  language: LanguageCodeItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const client = useQueryClient();
  const [general, setGeneral] = useState<string | null>(null);
  const adding = language === null;
  const form = useForm<LanguageCodeCreateBody>({
    // The code is checked as a new one's would be: an existing code is one already.
    resolver: contractResolver(languageCodeCreateBody),
    defaultValues: language
      ? {
          code: language.code,
          name: language.name,
          nativeName: language.nativeName,
          direction: language.direction,
          active: language.active,
        }
      : { code: '', name: '', nativeName: '', direction: 'ltr', active: true },
  });
  const save = useMutation<LanguageCodeItem, RequestError, LanguageCodeCreateBody>({
    mutationFn: (body) =>
      adding
        ? send<LanguageCodeItem>('POST', '/language-codes', body)
        : send<LanguageCodeItem>('PUT', `/language-codes/${language.code}`, {
            name: body.name,
            nativeName: body.nativeName,
            direction: body.direction,
            active: body.active,
          }),
  });

  const suggest = (raw: string) => {
    const code = raw.trim().toLowerCase();
    if (!/^[a-z]{2}$/.test(code)) return;
    const names = suggestedNames(code);
    if (names && !form.getValues('name')) form.setValue('name', names.name);
    if (names && !form.getValues('nativeName')) form.setValue('nativeName', names.nativeName);
    form.setValue('direction', RTL_LANGUAGE_CODES.includes(code) ? 'rtl' : 'ltr');
  };

  const submit = form.handleSubmit(async (body) => {
    setGeneral(null);
    try {
      const saved = await save.mutateAsync(body);
      await client.invalidateQueries({ queryKey: ['/language-codes'] });
      await client.invalidateQueries({ queryKey: ['langs', 'codes'] });
      toast.success(t(adding ? 'languageCodes.added' : 'languageCodes.saved', { name: saved.name }));
      onClose();
    } catch (err) {
      setGeneral(
        applyServerErrors(err, FIELDS, (name, e, o) => form.setError(name as (typeof FIELDS)[number], e, o))
          .general,
      );
    }
  });

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
    >
      <FormProvider {...form}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogTitle id={titleId}>
            {adding ? t('languageCodes.addTitle') : t('languageCodes.editTitle', { name: language.name })}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              {general && <Alert severity="error">{general}</Alert>}
              {adding && (
                <TextInput
                  name="code"
                  label={t('languageCodes.code')}
                  required
                  helperText={t('languageCodes.codeHelp')}
                  onValueChange={suggest}
                  textFieldProps={{
                    autoFocus: true,
                    slotProps: { htmlInput: { maxLength: 2, autoCapitalize: 'none' } },
                  }}
                />
              )}
              <TextInput name="name" label={t('languageCodes.name')} required />
              <TextInput name="nativeName" label={t('languageCodes.nativeName')} required />
              <SelectInput
                name="direction"
                label={t('languageCodes.direction')}
                required
                options={LANGUAGE_DIRECTIONS.map((d) => ({
                  value: d,
                  label: t(`languageCodes.direction.${d}`),
                }))}
              />
              <SwitchInput
                name="active"
                label={t('languageCodes.active')}
                helperText={(on) => t(on ? 'languageCodes.activeOn' : 'languageCodes.activeOff')}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={onClose} disabled={save.isPending}>
              {t('shell.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={save.isPending}>
              {adding ? t('languageCodes.add') : t('languageCodes.save')}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
