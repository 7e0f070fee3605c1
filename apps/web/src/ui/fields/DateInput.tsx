import { DatePicker } from '@mui/x-date-pickers';
import { formatDate } from '../locale';
import { PickerLocale } from './PickerLocale';
import { usePickerField } from './picker';
import { ReadOnlyField, type BaseFieldProps } from './shared';

/** A calendar date kept as YYYY-MM-DD (null when empty). */
export function DateInput(props: BaseFieldProps) {
  const { mode, value, locale, pickerProps } = usePickerField(props, (d) => d.format('YYYY-MM-DD'));
  if (mode === 'show') return <ReadOnlyField label={props.label}>{formatDate(value, locale)}</ReadOnlyField>;
  return (
    <PickerLocale>
      <DatePicker label={props.label} {...pickerProps} />
    </PickerLocale>
  );
}
