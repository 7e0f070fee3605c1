import { Stack } from '@mui/material';
import { DatePicker, LocalizationProvider } from '@mui/x-date-pickers';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { dayjs, type Dayjs } from '../platform/dates';
import { useTranslation } from 'react-i18next';
import { joinRange, splitRange } from './list-search';
import { usePickerLocale } from './widget-locale';
import type { ListState } from './DataTable';

const day = (d: Dayjs | null) => (d && d.isValid() ? d.format('YYYY-MM-DD') : '');

/**
 * A list's date-range filter: two dates (from, to, each optional) kept in the URL as "from,to"; the API includes
 * the whole of the last day.
 */
export function DateRangeFilter({
  value,
  onChange,
  fromLabel,
  toLabel,
}: {
  value: string | number | undefined;
  onChange: (value: string | undefined) => void;
  fromLabel?: string;
  toLabel?: string;
}) {
  const { t } = useTranslation();
  const { dayjsLocale, pickersLocaleText } = usePickerLocale();
  const [from, to] = splitRange(value);
  const slotProps = {
    textField: { size: 'small' as const, sx: { width: { xs: '100%', sm: 170 } } },
    field: { clearable: true },
  };
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={dayjsLocale}
      localeText={pickersLocaleText}
    >
      <Stack direction="row" spacing={1} sx={{ width: { xs: '100%', sm: 'auto' } }}>
        <DatePicker
          label={fromLabel ?? t('list.dateFrom')}
          value={from ? dayjs(from) : null}
          maxDate={to ? dayjs(to) : undefined}
          onChange={(d) => {
            if (d && !d.isValid()) return;
            onChange(joinRange(day(d), to));
          }}
          slotProps={slotProps}
        />
        <DatePicker
          label={toLabel ?? t('list.dateTo')}
          value={to ? dayjs(to) : null}
          minDate={from ? dayjs(from) : undefined}
          onChange={(d) => {
            if (d && !d.isValid()) return;
            onChange(joinRange(from, day(d)));
          }}
          slotProps={slotProps}
        />
      </Stack>
    </LocalizationProvider>
  );
}

/** A list's `from`/`to` filters as one DateRangeFilter; a change goes back to the first page. */
export function ListDateRange({
  list,
  fromLabel,
  toLabel,
}: {
  list: ListState;
  fromLabel?: string;
  toLabel?: string;
}) {
  return (
    <DateRangeFilter
      fromLabel={fromLabel}
      toLabel={toLabel}
      value={joinRange(String(list.search.from ?? ''), String(list.search.to ?? ''))}
      onChange={(v) => {
        const [from, to] = splitRange(v);
        list.update({ from: from || undefined, to: to || undefined, page: undefined });
      }}
    />
  );
}
