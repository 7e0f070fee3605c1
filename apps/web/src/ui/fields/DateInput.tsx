import { DatePicker } from '@mui/x-date-pickers';
import type { FieldRef, FieldSelectedSections } from '@mui/x-date-pickers/models';
import { dayjs, type Dayjs } from '../../platform/dates';
import { useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { formatDate, useUiLocale } from '../locale';
import { PickerLocale } from './PickerLocale';
import { ReadOnlyField, useFieldError, useFormMode, type BaseFieldProps } from './shared';

/**
 * Where typing starts in a date field: a click on any section of an empty field selects its first one, so a date
 * typed in one go (`06/30/2027`, in the locale's order) fills it from the start; once a section holds something,
 * the section clicked is the one edited, and typing moves on from section to section by itself.
 */
export function useTypingFromTheStart() {
  const fieldRef = useRef<FieldRef<Dayjs | null>>(null);
  const [selectedSections, setSelectedSections] = useState<FieldSelectedSections>(null);
  const onSelectedSectionsChange = (next: FieldSelectedSections) => {
    const sections = fieldRef.current?.getSections() ?? [];
    const empty = sections.length > 0 && sections.every((s) => s.value === '');
    setSelectedSections(typeof next === 'number' && next > 0 && empty ? 0 : next);
  };
  return { fieldRef, selectedSections, onSelectedSectionsChange };
}

/** A calendar date kept as YYYY-MM-DD (null when empty). */
export function DateInput({ name, label, required, helperText }: BaseFieldProps) {
  const mode = useFormMode();
  const controller = useController({ name });
  const { field } = controller;
  const message = useFieldError(controller);
  const { intlLocale } = useUiLocale();
  const value = field.value as string | null | undefined;
  const { fieldRef, ...sections } = useTypingFromTheStart();
  if (mode === 'show') return <ReadOnlyField label={label}>{formatDate(value, intlLocale)}</ReadOnlyField>;
  return (
    <PickerLocale>
      <DatePicker
        label={label}
        value={value ? dayjs(value) : null}
        inputRef={field.ref}
        {...sections}
        onChange={(d) => field.onChange(d ? (d.isValid() ? d.format('YYYY-MM-DD') : 'invalid') : null)}
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
