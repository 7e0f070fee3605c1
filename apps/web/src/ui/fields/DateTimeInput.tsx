import { DateTimePicker } from '@mui/x-date-pickers';
import { formatDateTime } from '../locale';
import { PickerLocale } from './PickerLocale';
import { usePickerField } from './picker';
import { ReadOnlyField, type BaseFieldProps } from './shared';

/** A date and time kept as ISO 8601 with the browser's offset (null when empty). */
export function DateTimeInput(props: BaseFieldProps) {
  const { mode, value, intlLocale, pickerProps } = usePickerField(props, (d) => d.format());
  if (mode === 'show')
    return <ReadOnlyField label={props.label}>{formatDateTime(value, intlLocale)}</ReadOnlyField>;
  return (
    <PickerLocale>
      <DateTimePicker label={props.label} {...pickerProps} />
    </PickerLocale>
  );
}
