import { DateTimePicker } from '@mui/x-date-pickers';
import { dayjs } from '../../platform/dates';
import { useController } from 'react-hook-form';
import { formatDateTime, useUiLocale } from '../locale';
import { useTypingFromTheStart } from './DateInput';
import { PickerLocale } from './PickerLocale';
import { ReadOnlyField, useFieldError, useFormMode, type BaseFieldProps } from './shared';

/** A date and time kept as ISO 8601 with the browser's offset (null when empty). */
export function DateTimeInput({ name, label, required, helperText }: BaseFieldProps) {
  const mode = useFormMode();
  const controller = useController({ name });
  const { field } = controller;
  const message = useFieldError(controller);
  const { intlLocale } = useUiLocale();
  const value = field.value as string | null | undefined;
  const { fieldRef, ...sections } = useTypingFromTheStart();
  if (mode === 'show')
    return <ReadOnlyField label={label}>{formatDateTime(value, intlLocale)}</ReadOnlyField>;
  return (
    <PickerLocale>
      <DateTimePicker
        label={label}
        value={value ? dayjs(value) : null}
        inputRef={field.ref}
        {...sections}
        onChange={(d) => field.onChange(d ? (d.isValid() ? d.format() : 'invalid') : null)}
        slotProps={{
          textField: {
            name: field.name,
            required,
            size: 'small',
            fullWidth: true,
            onBlur: field.onBlur,
            error: Boolean(message),
            helperText: message ?? helperText,
          },
          field: { clearable: true, fieldRef },
        }}
      />
    </PickerLocale>
  );
}
