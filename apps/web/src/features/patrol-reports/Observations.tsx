import { ownVerdict, type Observation, type PatrolReport } from '@parkade/contract';
import { Box, ButtonBase, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, openFile } from '../../platform/api';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { useRecord } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { Line } from '../../ui/Line';
import { VerdictChip } from '../patrolling/verdict';

/** An observation's photo, fetched with the session (the API needs the token), shown small; a click opens it. */
function Thumbnail({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const blob = useQuery({
    queryKey: ['/patrolling-reports', 'photo', url],
    queryFn: async () => (await (await api()).get<Blob>(url, { responseType: 'blob' })).data,
    staleTime: Infinity,
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const href = URL.createObjectURL(blob.data);
    setSrc(href);
    return () => URL.revokeObjectURL(href);
  }, [blob.data]);
  return (
    <ButtonBase
      onClick={() => void openFile(url, name).catch((e: Error) => toast.error(e.message))}
      aria-label={t('patrolReports.openPhoto', { name })}
      sx={{ width: 96, height: 72, bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          alt={name}
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <CircularProgress size={20} aria-label={t('form.loading')} />
      )}
    </ButtonBase>
  );
}

function ObservationCard({ report, o, n }: { report: PatrolReport; o: Observation; n: number }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const verdict = ownVerdict(o.lookup);
  const near = o.lookup?.matches.filter((m) => m.match === 'near') ?? [];
  const title = o.plate ?? t('patrolReports.noPlate');
  const headingId = `observation-${o.id}`;
  return (
    <Paper component="article" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {n}. {title}
          </Typography>
          {verdict ? (
            <VerdictChip verdict={verdict} />
          ) : (
            o.plate && (
              <Typography variant="body2" color="text.secondary">
                {t('patrolReports.noLookup')}
              </Typography>
            )
          )}
          {o.changedFrom && (
            <Typography variant="body2" color="text.secondary">
              {t('patrolReports.changedFromChip', { verdict: t(`lookup.verdict.${o.changedFrom}`) })}
            </Typography>
          )}
        </Stack>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
          <Line label={t('patrolReports.fields.observedAt')} value={formatDateTime(o.observedAt, locale)} />
          <Line
            label={t('patrolReports.fields.spot')}
            value={o.spot ? t('patrolReports.spotNumber', { number: o.spot.number }) : null}
          />
          <Line label={t('patrolReports.fields.place')} value={o.place} />
          <Line
            label={t('patrolReports.fields.notes')}
            value={o.notes && <span style={{ whiteSpace: 'pre-wrap' }}>{o.notes}</span>}
          />
          <Line
            label={t('patrolReports.fields.officer')}
            value={o.userName !== report.officer.name ? o.userName : null}
          />
          <Line
            label={t('patrolReports.nearMatches')}
            value={
              near.length
                ? near.map((m) => `${m.plate} (${t(`lookup.verdict.${m.verdict}`)})`).join(', ')
                : null
            }
          />
        </Box>
        {o.photos.length > 0 && (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
            aria-label={t('patrolReports.fields.photos')}
            role="group"
          >
            {o.photos.map((p) => (
              <Thumbnail key={p.id} url={`/patrolling-reports/${report.id}/photos/${p.id}`} name={p.name} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** Under the report: every observation of the round, oldest first, with its verdict then and its photos. */
export function ReportObservations({ item }: { item: { id: number } }) {
  const { t } = useTranslation();
  const report = useRecord<PatrolReport>('/patrolling-reports', item.id).data;
  if (!report) return null;
  return (
    <Box component="section" aria-labelledby="round-observations">
      <Typography id="round-observations" component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {t('patrolReports.observationsTitle')} ({report.observationList.length})
      </Typography>
      {report.observationList.length === 0 ? (
        <Typography color="text.secondary">{t('patrolReports.noObservations')}</Typography>
      ) : (
        <Stack spacing={1.5}>
          {report.observationList.map((o, i) => (
            <ObservationCard key={o.id} report={report} o={o} n={i + 1} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
