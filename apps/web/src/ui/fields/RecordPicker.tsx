import type { ListResponse } from '@parkade/contract';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useList } from '../resource';

export interface RecordOption {
  id: number;
  label: string;
  /** The list row it was picked from (absent for a value set from elsewhere). */
  row?: RecordRow;
}

const PICKER_PAGE_SIZE = 50;

export type RecordRow = { id: number } & Record<string, unknown>;
/**
 * A record's label when a field says no other: its name in the reader's language (a catalog entry's displayName,
 * issue 36 §9), else its name (an option's label), else its id.
 */
export const nameOrId = (r: RecordRow) =>
  typeof r.displayName === 'string'
    ? r.displayName
    : typeof r.name === 'string'
      ? r.name
      : typeof r.label === 'string'
        ? r.label
        : `#${r.id}`;

/**
 * Picks one record of a list resource (a model's make): searchable, asking the API page by page as the user types
 * (filter[term]), so it works for 40 makes or 4,000.
 */
export function RecordPicker({
  resource,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  name,
  required,
  error,
  helperText,
  optionLabel = nameOrId,
  sort = 'name',
  size,
  filter,
  include,
}: {
  resource: string;
  /** Includes the option labels need (a unit's building). */
  include?: string[];
  /** List filters the options must match (a resident's vehicles: { residentId: ['7'] }). */
  filter?: Record<string, string[]>;
  label: string;
  value: RecordOption | null;
  onChange: (value: RecordOption | null) => void;
  onBlur?: () => void;
  inputRef?: React.Ref<HTMLInputElement>;
  name?: string;
  required?: boolean;
  error?: string;
  helperText?: ReactNode;
  optionLabel?: (row: { id: number } & Record<string, unknown>) => string;
  sort?: string;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(input.trim() === value?.label ? '' : input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input, value?.label]);
  const result = useList<{ id: number } & Record<string, unknown>>(
    resource,
    {
      page: 1,
      pageSize: PICKER_PAGE_SIZE,
      sort: [sort],
      ...(term ? { term } : {}),
      ...(filter ? { filter } : {}),
      ...(include ? { include } : {}),
    },
    { enabled: open },
  );
  const data: ListResponse<{ id: number } & Record<string, unknown>> | undefined = result.data;
  const options: RecordOption[] = (data?.data ?? []).map((r) => ({
    id: r.id,
    label: optionLabel(r),
    row: r,
  }));
  return (
    <Autocomplete<RecordOption, false, false, false>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      size={size}
      value={value}
      options={options}
      filterOptions={(o) => o}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      loading={result.isFetching}
      loadingText={t('form.loading')}
      noOptionsText={t('form.noOptions')}
      onChange={(_e, v) => onChange(v)}
      onInputChange={(_e, v) => setInput(v)}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          inputRef={inputRef}
          label={label}
          required={required}
          size={size}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {result.isFetching ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
