import { Box } from '@mui/material';

/**
 * A share of a whole as a thin bar, for the eye only (hidden from screen readers): the words beside it say the same.
 * Not a progress bar — nothing is loading, and screens wait for progress bars to go.
 */
export function ShareBar({ percent, flex, my }: { percent: number; flex?: number; my?: number }) {
  return (
    <Box
      aria-hidden
      sx={{ flex, my, height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden' }}
    >
      <Box
        sx={{ width: `${Math.max(0, Math.min(100, percent))}%`, height: '100%', bgcolor: 'primary.main' }}
      />
    </Box>
  );
}
