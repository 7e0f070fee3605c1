import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { PERMIT_DISPLAY, type PublicPermit } from '@parkade/contract';
import { Alert, Box, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useDocumentTitle } from '../../platform/title';
import { formatDate, formatDateTime, useUiLocale } from '../../ui/locale';
import { AuthLayout } from '../auth/AuthLayout';

/**
 * /permit/{token}: the page a printed permit's QR code opens. Anyone may see whether the permit is valid now,
 * for which plate and until when; nothing else about the resident.
 */
export function PermitCheckPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  useDocumentTitle(t('permits.check.title'));
  const { data, error, isLoading } = useQuery<PublicPermit, RequestError>({
    queryKey: ['public-permit', token],
    queryFn: () => get<PublicPermit>(`/public/permits/${encodeURIComponent(token)}`),
    retry: false,
  });
  // A resident's permit is valid by days (2026-11-25), a visitor's to the minute (an ISO instant): each said as
  // people read it, in the page's language; an instant in the property's zone, named where it differs from the
  // reader's (decision 0039 §12).
  const zoned = { ...locale, timeZone: data?.timezone ?? null };
  const when = (value: string | null | undefined) =>
    !value ? null : value.length <= 10 ? formatDate(value, zoned) : formatDateTime(value, zoned);
  return (
    <AuthLayout>
      <Stack spacing={2.5}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
          {t('permits.check.title')}
        </Typography>
        {isLoading && <CircularProgress aria-label={t('permits.check.title')} />}
        {error && (
          <Alert severity="error">
            {error.statusCode === 404 ? t('permits.check.notFound') : error.message}
          </Alert>
        )}
        {data && (
          <>
            <Alert
              severity={data.valid ? 'success' : 'error'}
              icon={data.valid ? <CheckCircle /> : <ErrorOutline />}
              sx={{ fontSize: 18, alignItems: 'center' }}
            >
              {data.valid ? t('permits.check.valid') : t('permits.check.notValid')}
            </Alert>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}
            >
              <Typography component="dt" color="text.secondary">
                {t('permits.check.code')}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
                {data.code}
              </Typography>
              <Typography component="dt" color="text.secondary">
                {t('permits.check.plate')}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', fontSize: 18 }}>
                {data.plate ?? '—'}
              </Typography>
              <Typography component="dt" color="text.secondary">
                {t('permits.check.property')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {data.propertyName}
              </Typography>
              <Typography component="dt" color="text.secondary">
                {t('permits.check.status')}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                <Chip
                  size="small"
                  color={data.valid ? 'success' : 'default'}
                  label={t(PERMIT_DISPLAY[data.shownStatus])}
                />
              </Box>
              <Typography component="dt" color="text.secondary">
                {t('permits.check.validity')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {t('permits.check.range', {
                  from: when(data.validFrom) ?? '—',
                  to: when(data.validTo) ?? t('permits.print.noEnd'),
                })}
              </Typography>
            </Box>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
