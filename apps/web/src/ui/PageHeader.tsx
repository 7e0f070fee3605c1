import { Box, Breadcrumbs, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../platform/title';
import { AppLink } from './AppLink';

export interface Crumb {
  label: string;
  href?: string;
}

/**
 * A page's title (the one h1, also the browser tab's title), its breadcrumbs or an overline above it, a subtitle
 * and its actions; the actions wrap under the title on phones. Every screen's header, resource pages and others.
 */
export function PageHeader({
  title,
  crumbs = [],
  actions,
  subtitle,
  overline,
}: {
  title: ReactNode;
  crumbs?: Crumb[];
  actions?: ReactNode;
  subtitle?: ReactNode;
  /** A short line above the title (the home and dashboard screens name the property there). */
  overline?: ReactNode;
}) {
  const { t } = useTranslation();
  useDocumentTitle(typeof title === 'string' ? title : null);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-end' }, mb: 3 }}
    >
      <Box sx={{ minWidth: 0 }}>
        {crumbs.length > 0 && (
          <Breadcrumbs aria-label={t('page.breadcrumbs')} sx={{ mb: 0.5, fontSize: '0.875rem' }}>
            {crumbs.map((c) =>
              c.href ? (
                <AppLink key={c.label} href={c.href} underline="hover" color="text.secondary">
                  {c.label}
                </AppLink>
              ) : (
                <Typography key={c.label} color="text.secondary" sx={{ fontSize: 'inherit' }}>
                  {c.label}
                </Typography>
              ),
            )}
          </Breadcrumbs>
        )}
        {overline && (
          <Typography
            component="p"
            variant="overline"
            sx={{
              color: 'primary.main',
              fontWeight: 700,
              letterSpacing: 1,
              lineHeight: 1.8,
              display: 'block',
            }}
          >
            {overline}
          </Typography>
        )}
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, flexShrink: 0 }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
