import SearchIcon from '@mui/icons-material/Search';
import {
  PERMIT_DISPLAY,
  VISITOR_STATUS_DISPLAY,
  type PlateLookup,
  type PlateLookupMatch,
} from '@parkade/contract';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { formatDate, formatDateTime, useUiLocale } from '../../ui/locale';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { StatusChip } from '../permits/PermitStatusChip';
import { VERDICT_COLOUR } from './verdict';

/**
 * /plate-lookup: the patrol's plate lookup on a phone (decision 0026). A plate typed any way → the plates found,
 * the exact one first, then the readings of confusable characters and the plates one character away, each
 * labelled so; each with its verdict in large type, then what decides it.
 */
export function PlateLookupPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('lookup.title')} />
      <PropertyScoped>
        <LookupForm />
      </PropertyScoped>
    </>
  );
}

function LookupForm() {
  const { t } = useTranslation();
  const [plate, setPlate] = useState('');
  const lookup = useMutation<PlateLookup, RequestError, string>({
    mutationFn: (p) => get<PlateLookup>('/patrolling/lookup', { plate: p }),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (plate.trim()) lookup.mutate(plate.trim());
  };
  const answer = lookup.data;
  return (
    <Stack spacing={2}>
      <Paper component="form" onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }} role="search">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            label={t('lookup.plate')}
            value={plate}
            onChange={(e) => setPlate(e.target.value)}
            autoFocus
            fullWidth
            helperText={t('lookup.plateHint')}
            error={Boolean(lookup.error?.errors?.plate)}
            slotProps={{
              htmlInput: {
                autoCapitalize: 'characters',
                autoComplete: 'off',
                spellCheck: false,
                style: { fontSize: 24, fontFamily: 'monospace', letterSpacing: 2 },
              },
            }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            startIcon={<SearchIcon />}
            loading={lookup.isPending}
            sx={{ alignSelf: { sm: 'flex-start' }, minHeight: 56 }}
          >
            {t('lookup.submit')}
          </Button>
        </Stack>
      </Paper>
      {lookup.error && <Alert severity="error">{lookup.error.message}</Alert>}
      {answer && answer.matches.length === 0 && (
        <Alert severity="warning">{t('lookup.nothing', { plate: answer.plate })}</Alert>
      )}
      {answer?.matches.map((m) => (
        <MatchCard key={m.plate} match={m} checkedAt={answer.checkedAt} />
      ))}
    </Stack>
  );
}

function MatchCard({ match, checkedAt }: { match: PlateLookupMatch; checkedAt: string }) {
  const { t } = useTranslation();
  const { intlLocale } = useUiLocale();
  const rows: [string, string][] = [];
  if (match.ban)
    rows.push([
      t('lookup.ban'),
      t('lookup.banSince', { reason: match.ban.reason, since: formatDate(match.ban.since, intlLocale) }),
    ]);
  if (match.vehicle) {
    const car = [match.vehicle.color, match.vehicle.make, match.vehicle.model].filter(Boolean).join(' ');
    if (car) rows.push([t('lookup.vehicle'), car]);
    if (match.vehicle.units.length) rows.push([t('lookup.units'), match.vehicle.units.join(', ')]);
  }
  if (match.permit) {
    rows.push([
      t('lookup.permit'),
      [
        match.permit.code,
        t(PERMIT_DISPLAY[match.permit.status]),
        match.permit.expiresOn
          ? t('lookup.until', { date: formatDate(match.permit.expiresOn, intlLocale) })
          : null,
      ]
        .filter(Boolean)
        .join(' · '),
    ]);
    if (match.permit.spot) rows.push([t('lookup.spot'), match.permit.spot.name]);
  }
  if (match.visitor)
    rows.push([
      t('lookup.visitor'),
      [
        match.visitor.code,
        t(VISITOR_STATUS_DISPLAY[match.visitor.status]),
        match.visitor.validUntil
          ? t('lookup.until', { date: formatDateTime(match.visitor.validUntil, intlLocale) })
          : null,
      ]
        .filter(Boolean)
        .join(' · '),
    ]);
  return (
    <Paper
      component="article"
      aria-label={match.plate}
      sx={{
        p: { xs: 2, sm: 3 },
        borderLeft: 6,
        borderColor: `${VERDICT_COLOUR[match.verdict] === 'default' ? 'grey' : VERDICT_COLOUR[match.verdict]}.main`,
      }}
    >
      <Stack spacing={1.5}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
        >
          <Typography component="h2" sx={{ fontFamily: 'monospace', fontSize: 26, fontWeight: 700 }}>
            {match.plate}
          </Typography>
          <StatusChip colour={VERDICT_COLOUR[match.verdict]} label={t(`lookup.verdict.${match.verdict}`)} />
        </Stack>
        {match.match !== 'exact' && (
          <Alert severity="info" sx={{ py: 0 }}>
            {t(`lookup.match.${match.match}`)}
          </Alert>
        )}
        {match.permit?.wrongSpot && <Alert severity="warning">{t('lookup.wrongSpot')}</Alert>}
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
            columnGap: 2,
            rowGap: { xs: 0.25, sm: 1 },
            '& dd': { mb: { xs: 1, sm: 0 } },
          }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('lookup.checkedAt', { time: formatDateTime(checkedAt, intlLocale) })}
        </Typography>
      </Stack>
    </Paper>
  );
}
