import {
  PERMIT_STATUSES,
  RESIDENT_STATUSES,
  type PermitStatus,
  type RecipientCount,
  type ResidentStatus,
} from '@parkade/contract';
import {
  Alert,
  Box,
  Checkbox,
  Chip,
  CircularProgress,
  FormControlLabel,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestError } from '../../platform/errors';
import { MultiRecordPicker } from '../../ui/fields';
import { languageName } from '../../ui/LanguageTabs';
import { useUiLocale } from '../../ui/locale';
import { PICK } from './queries';
import { EXPIRING_MAX_DAYS, expiringInvalid, type FilterDraft } from './sending';

/**
 * Who a mail goes to: every resident, or those every filter given matches — buildings, units, resident statuses,
 * permit statuses, a permit ending soon, the agreement not signed — and, counted again as the filters change, how
 * many that is, how many the mail reaches and why the others are not reached.
 */
export function RecipientsSection({
  value,
  onChange,
  count,
}: {
  value: FilterDraft;
  onChange: (value: FilterDraft) => void;
  count: { data: RecipientCount | undefined; isFetching: boolean; error: RequestError | null };
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const set = <K extends keyof FilterDraft>(key: K, v: FilterDraft[K]) => onChange({ ...value, [key]: v });
  const badDays = expiringInvalid(value.expiringWithin);
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('emailsSender.recipients')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
        {t('emailsSender.recipientsHint')}
      </Typography>
      <Stack spacing={2.5}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2.5}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <MultiRecordPicker
              resource={PICK.buildings.path}
              label={t('emailsSender.filters.buildings')}
              value={value.buildings}
              onChange={(v) => set('buildings', v)}
              helperText={t('emailsSender.filters.anyHint')}
            />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <MultiRecordPicker
              resource={PICK.units.path}
              label={t('emailsSender.filters.units')}
              value={value.units}
              onChange={(v) => set('units', v)}
              filter={
                value.buildings.length ? { buildingId: value.buildings.map((b) => String(b.id)) } : undefined
              }
              helperText={t(
                value.buildings.length ? 'emailsSender.filters.unitsHint' : 'emailsSender.filters.anyHint',
              )}
            />
          </Box>
        </Stack>
        <ChipChoice
          label={t('emailsSender.filters.residentStatuses')}
          options={RESIDENT_STATUSES.map((s) => ({ value: s, label: t(`residents.status.${s}`) }))}
          value={value.residentStatuses}
          onChange={(v) => set('residentStatuses', v as ResidentStatus[])}
        />
        <ChipChoice
          label={t('emailsSender.filters.permitStatuses')}
          hint={t('emailsSender.filters.permitStatusesHint')}
          options={PERMIT_STATUSES.map((s) => ({ value: s, label: t(`permits.status.${s}`) }))}
          value={value.permitStatuses}
          onChange={(v) => set('permitStatuses', v as PermitStatus[])}
        />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2.5}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            label={t('emailsSender.filters.expiring')}
            value={value.expiringWithin}
            onChange={(e) => set('expiringWithin', e.target.value)}
            error={badDays}
            helperText={t(
              badDays ? 'emailsSender.filters.expiringInvalid' : 'emailsSender.filters.expiringHint',
              {
                max: EXPIRING_MAX_DAYS,
              },
            )}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 3 } }}
            sx={{ width: { xs: '100%', sm: 260 } }}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={value.unsignedAgreement}
                onChange={(e) => set('unsignedAgreement', e.target.checked)}
              />
            }
            label={t('emailsSender.filters.unsigned')}
            sx={{ pt: { sm: 1 } }}
          />
        </Stack>
        <CountPanel {...count} />
      </Stack>
    </Paper>
  );
}

/** Toggle chips for a filter with a few known values: none chosen is any. */
function ChipChoice({
  label,
  hint,
  options,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  options: { value: string; label: string }[];
  value: readonly string[];
  onChange: (value: string[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Box role="group" aria-labelledby={id}>
      <Typography id={id} variant="subtitle2" component="h3">
        {label}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {hint ?? t('emailsSender.filters.anyHint')}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {options.map((o) => {
          const on = value.includes(o.value);
          return (
            <Chip
              key={o.value}
              label={o.label}
              aria-pressed={on}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => onChange(on ? value.filter((v) => v !== o.value) : [...value, o.value])}
            />
          );
        })}
      </Stack>
    </Box>
  );
}

/** The count of the residents chosen: how many the mail reaches, who it does not and why, and their languages. */
function CountPanel({
  data,
  isFetching,
  error,
}: {
  data: RecipientCount | undefined;
  isFetching: boolean;
  error: RequestError | null;
}) {
  const { t } = useTranslation();
  const { intlLocale } = useUiLocale();
  const n = new Intl.NumberFormat(intlLocale);
  const languages = Object.entries(data?.languages ?? {}).filter(([, c]) => c > 0);
  return (
    <Box aria-live="polite" aria-busy={isFetching} sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 2 }}>
      {error && !data ? (
        <Alert severity="error">{error.message}</Alert>
      ) : !data ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2">{t('emailsSender.count.counting')}</Typography>
        </Stack>
      ) : (
        <Stack spacing={0.75}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 600 }}>
              {t('emailsSender.count.reachable', { count: data.reachable, n: n.format(data.reachable) })}
            </Typography>
            {isFetching && <CircularProgress size={14} aria-label={t('emailsSender.count.counting')} />}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {[
              t('emailsSender.count.matched', { count: data.matched, n: n.format(data.matched) }),
              ...(data.withoutEmail
                ? [
                    t('emailsSender.count.withoutEmail', {
                      count: data.withoutEmail,
                      n: n.format(data.withoutEmail),
                    }),
                  ]
                : []),
              ...(data.unsubscribed
                ? [
                    t('emailsSender.count.unsubscribed', {
                      count: data.unsubscribed,
                      n: n.format(data.unsubscribed),
                    }),
                  ]
                : []),
            ].join(' · ')}
          </Typography>
          {languages.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('emailsSender.count.languages', {
                list: languages.map(([l, c]) => `${languageName(l)} ${n.format(c)}`).join(' · '),
              })}
            </Typography>
          )}
          {error && <Alert severity="error">{error.message}</Alert>}
        </Stack>
      )}
    </Box>
  );
}
