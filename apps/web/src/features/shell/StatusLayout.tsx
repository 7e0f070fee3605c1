import { Box, Paper, Stack } from '@mui/material';
import type { ReactNode } from 'react';

/** The frame of the full-page status screens (not found, configuration error): the logo over a centred card. */
export function StatusLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        px: 2,
        py: 4,
      }}
    >
      <Stack spacing={3} sx={{ alignItems: 'center', width: '100%', maxWidth: 520 }}>
        <Box component="img" src="/logo.svg" alt="Parkade" width={56} height={56} />
        <Paper sx={{ p: { xs: 3, sm: 5 }, width: '100%', textAlign: 'center' }}>{children}</Paper>
      </Stack>
    </Box>
  );
}
