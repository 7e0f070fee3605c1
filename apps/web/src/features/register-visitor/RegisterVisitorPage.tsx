import CheckCircle from '@mui/icons-material/CheckCircle';
import HourglassTop from '@mui/icons-material/HourglassTop';
import {
  VISITOR_STATUS_DISPLAY,
  type PublicVisitor,
  type PublicVisitorLink,
  type PublicVisitorResult,
} from '@parkade/contract';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../platform/api';
import { RequestError } from '../../platform/errors';
import { useDocumentTitle } from '../../platform/title';
import { formatDateTime, formatDuration, ShownTimeZone, useIntlLocale, useUiLocale } from '../../ui/locale';
import { toast } from '../../ui/toast';
import { AuthLayout } from '../auth/AuthLayout';
import { LinkError } from '../auth/LinkError';
import { permitLength } from '../visitors/length';
import { visitorLinkQuery } from './link';
import { VisitorSelfForm } from './VisitorSelfForm';

/** How often a pending request is checked again while its page is open (the resident may approve any moment). */
const PENDING_POLL_MS = 15_000;

const linkKey = (token: string) => visitorLinkQuery(token).queryKey;

/**
 * /register/visitors/{token}: what a visitor's link opens (decision 0023). The property's poster → the form naming
 * whom they visit; a personal link → the same form, prefilled by the resident or staff who sent it; a receipt →
 * their request and, once approved, the permit to show or save (code, plate, validity, QR code, PDF). After
 * registering, the page moves to the receipt's address, so a reload or a bookmark keeps the permit.
 */
export function RegisterVisitorPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const intlLocale = useIntlLocale();
  const navigate = useNavigate();
  const client = useQueryClient();
  useDocumentTitle(t('registerVisitor.title'));
  const { data, error, isLoading, refetch, isRefetching } = useQuery<PublicVisitorLink, RequestError>({
    ...visitorLinkQuery(token),
    refetchOnWindowFocus: (q) => q.state.data?.visitor?.shownStatus === 'pending',
    refetchInterval: (q) => (q.state.data?.visitor?.shownStatus === 'pending' ? PENDING_POLL_MS : false),
  });
  const [correcting, setCorrecting] = useState(false);
  const done = (result: PublicVisitorResult) => {
    if (!data) return;
    client.setQueryData<PublicVisitorLink>(linkKey(result.receiptToken), {
      ...data,
      kind: 'receipt',
      visitor: result.visitor,
    });
    setCorrecting(false);
    if (result.receiptToken !== token)
      void navigate({
        to: '/register/visitors/$visitorToken',
        params: { visitorToken: result.receiptToken },
        replace: true,
      });
  };

  return (
    <AuthLayout>
      <Typography
        component="p"
        variant="overline"
        sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: 1, lineHeight: 1.6, display: 'block' }}
      >
        {t('registerVisitor.title')}
      </Typography>
      {/* The heading waits for the property's name with the rest: a title replaced by a longer name moved the
          whole page down as it came (a layout shift on the poster's first screen, decision 0039 §18). */}
      {isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('registerVisitor.loading')} />
        </Box>
      ) : (
        <Typography variant="h1" sx={{ mb: 2.5, overflowWrap: 'anywhere' }}>
          {data?.property.name ?? t('registerVisitor.title')}
        </Typography>
      )}
      {error && !data && (
        <LinkError
          error={error}
          retrying={isRefetching}
          onRetry={() => void refetch()}
          hint={t('registerVisitor.linkErrorHint')}
          fallback={t('registerVisitor.linkError')}
        />
      )}
      {data && (data.kind !== 'receipt' || correcting) && (
        <Stack spacing={2}>
          {data.kind !== 'receipt' && (
            // When the request waits for approval, its time starts then (decision 0039 §8): the form says so.
            <Typography color="text.secondary">
              {t(data.validity.approval ? 'registerVisitor.introApproval' : 'registerVisitor.intro', {
                validity: formatDuration(
                  data.validity.amount,
                  data.validity.unit as 'minutes' | 'hours' | 'days',
                  intlLocale,
                ),
              })}
            </Typography>
          )}
          <VisitorSelfForm
            token={token}
            country={data.property.country}
            visitor={data.visitor}
            onDone={done}
            onCancel={correcting ? () => setCorrecting(false) : undefined}
          />
        </Stack>
      )}
      {data?.kind === 'receipt' && data.visitor && !correcting && (
        // The permit's times in the property's zone (decision 0039 §12).
        <ShownTimeZone.Provider value={data.property.timezone ?? null}>
          <PermitView visitor={data.visitor} token={token} onCorrect={() => setCorrecting(true)} />
        </ShownTimeZone.Provider>
      )}
    </AuthLayout>
  );
}

/**
 * The request and its permit: waiting for approval (no window yet — its time starts at the approval — and no PDF:
 * decision 0039 §14), valid (to show and save), or refused with the reason.
 */
function PermitView({
  visitor,
  token,
  onCorrect,
}: {
  visitor: PublicVisitor;
  token: string;
  onCorrect: () => void;
}) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const { intlLocale } = locale;
  const status = visitor.shownStatus;
  const live = status === 'valid' || status === 'pending';
  const pending = status === 'pending';
  const [busy, setBusy] = useState(false);
  const savePdf = async () => {
    setBusy(true);
    try {
      await download(
        `/public/visitors/${visitor.id}/permit.pdf?token=${encodeURIComponent(token)}`,
        `visitor-permit-${visitor.permitCode ?? visitor.id}.pdf`,
      );
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2.5}>
      {status === 'valid' && (
        <Alert severity="success" icon={<CheckCircle />} sx={{ fontSize: 18, alignItems: 'center' }}>
          {t('registerVisitor.valid')}
        </Alert>
      )}
      {pending && (
        <Alert severity="info" icon={<HourglassTop />}>
          {visitor.source === 'poster' ? t('registerVisitor.pending') : t('registerVisitor.pendingStaff')}
        </Alert>
      )}
      {!live && (
        <Alert severity="error">
          {t('registerVisitor.notValid', { status: t(VISITOR_STATUS_DISPLAY[status]) })}
          {visitor.statusComment ? ` ${t('registerVisitor.reason', { reason: visitor.statusComment })}` : ''}
        </Alert>
      )}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          // On a phone each value under its label: a permit code and a plate read in one line.
          gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
          columnGap: 2,
          rowGap: { xs: 0.25, sm: 1 },
          '& dd': { mb: { xs: 1, sm: 0 } },
        }}
      >
        <Typography component="dt" color="text.secondary">
          {t('registerVisitor.code')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: 22, overflowWrap: 'anywhere' }}>
          {visitor.permitCode ?? '—'}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('registerVisitor.plate')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', fontSize: 22, fontWeight: 700 }}>
          {visitor.plate ?? '—'}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('registerVisitor.validity')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {!visitor.validFrom || !visitor.validUntil
            ? '—'
            : pending
              ? t('registerVisitor.validityPending', { length: permitLength(visitor, intlLocale) })
              : t('permits.check.range', {
                  from: formatDateTime(visitor.validFrom, locale),
                  to: formatDateTime(visitor.validUntil, locale),
                })}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('registerVisitor.visiting')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {visitor.visiting.unit ? t('registerVisitor.unitValue', { unit: visitor.visiting.unit }) : '—'}
        </Typography>
      </Box>
      {status === 'valid' && visitor.checkUrl && <PermitQr url={visitor.checkUrl} />}
      {live && (
        <Stack spacing={1.5}>
          {pending ? (
            <Typography color="text.secondary">{t('registerVisitor.pdfOnceApproved')}</Typography>
          ) : (
            <Button variant="contained" size="large" fullWidth onClick={() => void savePdf()} loading={busy}>
              {t('registerVisitor.downloadPdf')}
            </Button>
          )}
          {pending && (
            <Button variant="outlined" fullWidth onClick={onCorrect}>
              {t('registerVisitor.correct')}
            </Button>
          )}
        </Stack>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('registerVisitor.keepPage')}
      </Typography>
    </Stack>
  );
}

/** The permit's QR code (its public check page), drawn here: a patrol officer scans it on the visitor's phone. */
function PermitQr({ url }: { url: string }) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) =>
      qr.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }).then((s) => {
        if (live) setSvg(s);
      }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <Box
      role="img"
      aria-label={t('registerVisitor.qr')}
      sx={{
        width: 220,
        height: 220,
        mx: 'auto',
        bgcolor: '#fff',
        p: 1,
        '& svg': { width: '100%', height: '100%' },
      }}
      // The SVG is made here from the permit's own link by the qrcode library: no outside markup.
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}
