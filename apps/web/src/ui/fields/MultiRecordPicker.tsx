import { Autocomplete, Chip, CircularProgress, TextField } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useList } from '../resource';
import type { RecordOption, RecordRow } from './RecordPicker';

const PICKER_PAGE_SIZE = 50;

/** An options read's label (`{ id, label, detail }`), else the id. */
const labelOf = (r: RecordRow) => (typeof r.label === 'string' ? r.label : `#${r.id}`);

/**
 * Picks several records of a list (an email's buildings or units): searchable, asking the API page by page as the
 * user types (filter[term]), each one chosen shown as a chip. The chosen ones keep their names, so they need not be
 * on the page of options shown.
 */
export function MultiRecordPicker({
  resource,
  label,
  value,
  onChange,
  helperText,
  optionLabel = labelOf,
  sort = 'label',
  filter,
  size,
}: {
  resource: string;
  label: string;
  value: RecordOption[];
  onChange: (value: RecordOption[]) => void;
  helperText?: ReactNode;
  optionLabel?: (row: RecordRow) => string;
  sort?: string;
  /** List filters the options must match (a building's units: { buildingId: ['3', '4'] }). */
  filter?: Record<string, string[]>;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input]);
  const result = useList<RecordRow>(
    resource,
    {
      page: 1,
      pageSize: PICKER_PAGE_SIZE,
      sort: [sort],
      ...(term ? { term } : {}),
      ...(filter ? { filter } : {}),
    },
    { enabled: open },
  );
  const options: RecordOption[] = (result.data?.data ?? []).map((r) => ({
    id: r.id,
    label: optionLabel(r),
    row: r,
  }));
  return (
    <Autocomplete<RecordOption, true, false, false>
      multiple
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      size={size}
      value={value}
      options={options}
      filterOptions={(o) => o}
      filterSelectedOptions
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      loading={result.isFetching}
      loadingText={t('form.loading')}
      noOptionsText={t('form.noOptions')}
      inputValue={input}
      onInputChange={(_e, v, reason) => {
        // Choosing one keeps what was typed out of the field, so the next search starts afresh.
        if (reason !== 'reset') setInput(v);
      }}
      onChange={(_e, v) => {
        setInput('');
        onChange(v.map(({ id, label }) => ({ id, label })));
      }}
      renderValue={(chosen, getItemProps) =>
        chosen.map((o, index) => {
          const { key, ...rest } = getItemProps({ index });
          return <Chip key={key} size="small" label={o.label} {...rest} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          size={size}
          helperText={helperText}
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
