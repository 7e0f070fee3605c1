import { knownZone } from '@parkade/contract';
import { DateTimePicker } from '@mui/x-date-pickers';
import { formatDateTime } from '../locale';
import { PickerLocale } from './PickerLocale';
import { usePickerField } from './picker';
import { ReadOnlyField, type BaseFieldProps } from './shared';

/**
 * A date and time kept as ISO 8601 (null when empty), picked in the zone the screen shows times in — the property's
 * (ShownTimeZone), else the browser's — and kept with that zone's offset.
 */
export function DateTimeInput(props: BaseFieldProps) {
  // Always with a numeric offset (a value in UTC would otherwise end in Z).
  const { mode, value, locale, pickerProps } = usePickerField(props, (d) => d.format('YYYY-MM-DDTHH:mm:ssZ'));
  if (mode === 'show')
    return <ReadOnlyField label={props.label}>{formatDateTime(value, locale)}</ReadOnlyField>;
  return (
    <PickerLocale>
      <DateTimePicker
        label={props.label}
        timezone={knownZone(locale.timeZone) ?? 'default'}
        {...pickerProps}
      />
    </PickerLocale>
  );
}
