import { Box, Typography } from '@mui/material';
import { createContext, useContext, type ReactNode } from 'react';
import type { UseControllerReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormMessage } from '../form';

/** The page modes of SPEC §2.2. Fields read the mode: in `show` they render their value, read-only. */
export type PageMode = 'create' | 'edit' | 'show';
const FormModeContext = createContext<PageMode>('create');
export const FormModeProvider = FormModeContext.Provider;
export const useFormMode = () => useContext(FormModeContext);

/** What every form field takes. */
export interface BaseFieldProps {
  name: string;
  label: string;
  required?: boolean;
  helperText?: ReactNode;
}

/** A label and its value, as a show page displays a field (a one-term description list). */
export function ReadOnlyField({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const empty =
    children === null ||
    children === undefined ||
    children === '' ||
    (Array.isArray(children) && !children.length);
  return (
    <Box component="dl" sx={{ minWidth: 0, m: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 500, mb: 0.5 }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, overflowWrap: 'anywhere' }}
        color={empty ? 'text.secondary' : 'text.primary'}
      >
        {empty ? t('form.empty') : children}
      </Typography>
    </Box>
  );
}

/** The field's error message, translated (the schema's message key and its parameters). */
export function useFieldError(controller: UseControllerReturn) {
  const render = useFormMessage();
  const error = controller.fieldState.error;
  // An array field's error may sit on an item (zipCodes.2): show the first one.
  const own = error?.message;
  const nested = !own && error && typeof error === 'object' ? firstNestedMessage(error) : undefined;
  return render(own ?? nested);
}

function firstNestedMessage(error: object): string | undefined {
  for (const value of Object.values(error)) {
    if (value && typeof value === 'object') {
      const m = (value as { message?: unknown }).message;
      if (typeof m === 'string' && m) return m;
    }
  }
  return undefined;
}
