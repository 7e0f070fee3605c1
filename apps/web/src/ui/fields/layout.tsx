import { Box } from '@mui/material';
import { useEffect, useRef, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useFormMode } from './shared';

/**
 * The value of field `parent`; when it changes while the form is edited, field `dependent` is emptied (the model
 * chosen belonged to the previous make, the vehicle to the previous resident).
 */
export function useDependentField<T>(parent: string, dependent: string): T {
  const mode = useFormMode();
  const { setValue } = useFormContext();
  const value = useWatch({ name: parent }) as T;
  const previous = useRef(value);
  useEffect(() => {
    if (previous.current === value) return;
    previous.current = value;
    if (mode !== 'show') setValue(dependent, null, { shouldDirty: true });
  }, [value, mode, setValue, dependent]);
  return value;
}

/** The fields of a form, laid out in a responsive grid (two columns from md up). */
export function FieldGrid({ children, columns = 2 }: { children: ReactNode; columns?: 1 | 2 }) {
  const mode = useFormMode();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: mode === 'show' ? 2.5 : 2,
        m: 0,
        gridTemplateColumns: { xs: '1fr', md: columns === 2 ? '1fr 1fr' : '1fr' },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}

/** Spans the whole row of a FieldGrid. */
export function FullRow({ children }: { children: ReactNode }) {
  return <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>{children}</Box>;
}
