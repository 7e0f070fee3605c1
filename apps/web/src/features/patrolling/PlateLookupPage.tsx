import SearchIcon from '@mui/icons-material/Search';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import {
  normalizePlate,
  offlineLookup,
  type OfflineMatch,
  type PlateVerdict,
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
import { RequestError } from '../../platform/errors';
import i18n from '../../platform/i18n';
import { formatDate, formatDateTime, formatTime, useUiLocale } from '../../ui/locale';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { useCan } from '../../ui/access';
import { offlineCopy } from './lookup-cache';
import { ReadPlateButton } from './ReadPlateButton';
import { ObservationDialog, type ObservationDraft } from './ObservationDialog';
import { useActiveCheckIn } from './usePatrol';
import { VERDICT_COLOUR, VerdictChip } from './verdict';

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

/** How long a lookup waits for the server before the offline copy answers (when there is one). */
const LOOKUP_WAIT_S = 6;

/** The promise, or a failure without an answer (statusCode 0) after `seconds`. */
function withinSeconds<T>(promise: Promise<T>, seconds: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RequestError(i18n.t('errors.timeout'), 0)), seconds * 1000);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

type Answer = { online: PlateLookup } | { offline: OfflineMatch[]; plate: string; generatedAt: string };

function LookupForm() {
  const { t } = useTranslation();
  const can = useCan();
  const [plate, setPlate] = useState('');
  const active = useActiveCheckIn(can('patrolling.index'));
  const round = active.data?.checkIn ?? null;
  const [draft, setDraft] = useState<ObservationDraft | null>(null);
  const lookup = useMutation<Answer, RequestError, string>({
    // Runs without signal too (TanStack pauses mutations offline by default): the copy answers then.
    networkMode: 'always',
    mutationFn: async (p) => {
      const fromCopy = async () => {
        const copy = round ? await offlineCopy(round.property.id) : null;
        return copy
          ? { offline: offlineLookup(copy, p), plate: normalizePlate(p), generatedAt: copy.generatedAt }
          : null;
      };
      // Known offline: the copy answers at once.
      if (!navigator.onLine) {
        const answer = await fromCopy();
        if (answer) return answer;
      }
      try {
        return {
          online: await withinSeconds(get<PlateLookup>('/patrolling/lookup', { plate: p }), LOOKUP_WAIT_S),
        };
      } catch (e) {
        // No answer (no signal, or a garage's signal too weak to answer in time): the copy answers, labelled so.
        const answer = (e as RequestError).statusCode === 0 ? await fromCopy() : null;
        if (!answer) throw e;
        return answer;
      }
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (plate.trim()) lookup.mutate(plate.trim());
  };
  const answer = lookup.data && 'online' in lookup.data ? lookup.data.online : null;
  const offline = lookup.data && 'offline' in lookup.data ? lookup.data : null;
  const observe =
    round && can('patrolling.observe')
      ? (p: string, verdict: PlateVerdict) => setDraft({ plate: p, shownVerdict: verdict })
      : undefined;
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
        <Box sx={{ mt: 1.5 }}>
          <ReadPlateButton onRead={setPlate} />
        </Box>
      </Paper>
      {lookup.error && <Alert severity="error">{lookup.error.message}</Alert>}
      {answer && answer.matches.length === 0 && (
        <Alert severity="warning">{t('lookup.nothing', { plate: answer.plate })}</Alert>
      )}
      {answer?.matches.map((m) => (
        <MatchCard key={m.plate} match={m} checkedAt={answer.checkedAt} onObserve={observe} />
      ))}
      {offline && <OfflineAnswer answer={offline} onObserve={observe} />}
      {round && (
        <ObservationDialog
          open={draft !== null}
          onClose={() => setDraft(null)}
          round={round}
          draft={draft ?? undefined}
        />
      )}
    </Stack>
  );
}

function MatchCard({
  match,
  checkedAt,
  onObserve,
}: {
  match: PlateLookupMatch;
  checkedAt: string;
  onObserve?: (plate: string, verdict: PlateVerdict) => void;
}) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const rows: [string, string][] = [];
  if (match.ban)
    rows.push([
      t('lookup.ban'),
      t('lookup.banSince', { reason: match.ban.reason, since: formatDate(match.ban.since, locale) }),
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
          ? t('lookup.until', { date: formatDate(match.permit.expiresOn, locale) })
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
          ? t('lookup.until', { date: formatDateTime(match.visitor.validUntil, locale) })
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
          <VerdictChip verdict={match.verdict} />
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
          {t('lookup.checkedAt', { time: formatDateTime(checkedAt, locale) })}
        </Typography>
        {onObserve && <ObserveButton onClick={() => onObserve(match.plate, match.verdict)} />}
      </Stack>
    </Paper>
  );
}

function ObserveButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="outlined"
      startIcon={<NoteAddOutlined />}
      onClick={onClick}
      sx={{ alignSelf: 'flex-start' }}
    >
      {t('patrol.observe')}
    </Button>
  );
}

/** The answer of the offline copy: each plate with its verdict now, what it holds until, and the copy's age. */
function OfflineAnswer({
  answer,
  onObserve,
}: {
  answer: { offline: OfflineMatch[]; plate: string; generatedAt: string };
  onObserve?: (plate: string, verdict: PlateVerdict) => void;
}) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const time = formatTime(answer.generatedAt, locale);
  return (
    <>
      <Alert severity="warning" icon={<CloudOffOutlined />}>
        {t('lookup.offline', { time })}
      </Alert>
      {answer.offline.length === 0 && (
        <Alert severity="warning">{t('lookup.nothing', { plate: answer.plate })}</Alert>
      )}
      {answer.offline.map((m) => (
        <Paper
          key={m.plate}
          component="article"
          aria-label={m.plate}
          sx={{
            p: { xs: 2, sm: 3 },
            borderLeft: 6,
            borderColor: `${VERDICT_COLOUR[m.verdict] === 'default' ? 'grey' : VERDICT_COLOUR[m.verdict]}.main`,
          }}
        >
          <Stack spacing={1.5}>
            <Stack
              direction="row"
              sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
            >
              <Typography component="h2" sx={{ fontFamily: 'monospace', fontSize: 26, fontWeight: 700 }}>
                {m.plate}
              </Typography>
              <VerdictChip verdict={m.verdict} />
            </Stack>
            {m.match !== 'exact' && (
              <Alert severity="info" sx={{ py: 0 }}>
                {t(`lookup.match.${m.match}`)}
              </Alert>
            )}
            {m.until && (
              <Typography>
                {t('lookup.until', {
                  date: m.until.length > 10 ? formatDateTime(m.until, locale) : formatDate(m.until, locale),
                })}
              </Typography>
            )}
            {m.spot && <Typography>{`${t('lookup.spot')}: ${m.spot}`}</Typography>}
            {onObserve && <ObserveButton onClick={() => onObserve(m.plate, m.verdict)} />}
          </Stack>
        </Paper>
      ))}
    </>
  );
}
