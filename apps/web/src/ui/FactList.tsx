import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Label and value pairs, in the order given. */
export type Facts = readonly (readonly [label: string, value: ReactNode])[];

const LAYOUT = {
  /** Beside each other in a card (a profile): the labels as wide as the widest, the values bold. */
  card: { columns: 'minmax(0, auto) minmax(0, 1fr)', rowGap: 1.25, fontWeight: 500 },
  /** In a dialog (a mail, an audit entry): a column of labels from 600 px up, one above the other below. */
  dialog: { columns: { xs: '1fr', sm: '160px 1fr' }, rowGap: 1, fontWeight: undefined },
} as const;

/**
 * Facts about one record as a definition list (`dl`): each label a `dt`, each value a `dd` that wraps anywhere, so
 * a long email or link never widens the page.
 */
export function FactList({
  facts,
  layout,
  mb = 0,
}: {
  facts: Facts;
  layout: keyof typeof LAYOUT;
  /** Space under the list, in theme units. */
  mb?: number;
}) {
  const look = LAYOUT[layout];
  return (
    <Box
      component="dl"
      sx={{ m: 0, mb, display: 'grid', gridTemplateColumns: look.columns, columnGap: 2, rowGap: look.rowGap }}
    >
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, fontWeight: look.fontWeight, overflowWrap: 'anywhere' }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
