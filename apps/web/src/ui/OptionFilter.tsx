import { Autocomplete, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

export interface FilterOption {
  value: string;
  label: string;
}

/** A list's filter with known values (searchable as the user types); the value lives in the URL. */
export function OptionFilter({
  label,
  options,
  value,
  onChange,
  width = 200,
}: {
  label: string;
  options: FilterOption[];
  value: string | number | undefined;
  onChange: (value: string | undefined) => void;
  width?: number;
}) {
  const { t } = useTranslation();
  const current = value === undefined ? null : String(value);
  // A value from a shared link that is not among the options still shows (as itself).
  const all =
    current && !options.some((o) => o.value === current)
      ? [...options, { value: current, label: current }]
      : options;
  return (
    <Autocomplete<FilterOption, false, false, false>
      size="small"
      options={all}
      value={all.find((o) => o.value === current) ?? null}
      onChange={(_e, o) => onChange(o?.value)}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={(o) => o.label}
      noOptionsText={t('form.noOptions')}
      sx={{ width: { xs: '100%', sm: width } }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
