import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../platform/title';

/** A screen's heading (the page's one h1), its subtitle and its actions; also the browser tab's title. */
export function PageHeader({
  title,
  subtitle,
  actions,
  overline,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  overline?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' }, justifyContent: 'space-between', mb: 3 }}
    >
      <Box sx={{ minWidth: 0 }}>
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
          <Typography color="text.secondary" sx={{ mt: 0.75 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ flexShrink: 0 }}>{actions}</Box>}
    </Stack>
  );
}
