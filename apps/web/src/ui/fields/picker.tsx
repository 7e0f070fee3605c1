import type { FieldRef, FieldSelectedSections } from '@mui/x-date-pickers/models';
import { useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { dayjs, type Dayjs } from '../../platform/dates';
import { useUiLocale } from '../locale';
import { useFieldError, useFormMode, type BaseFieldProps } from './shared';

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

/**
 * What a date and a date-time field share: the form binding, the error, typing from the start, and the picker's
 * props (value, change, text field). `toValue` turns a valid day into the stored text ('invalid' for a bad one).
 */
export function usePickerField(
  { name, required, helperText }: BaseFieldProps,
  toValue: (d: Dayjs) => string,
) {
  const mode = useFormMode();
  const controller = useController({ name });
  const { field } = controller;
  const message = useFieldError(controller);
  const locale = useUiLocale();
  const value = field.value as string | null | undefined;
  const { fieldRef, ...sections } = useTypingFromTheStart();
  const pickerProps = {
    value: value ? dayjs(value) : null,
    inputRef: field.ref,
    ...sections,
    onChange: (d: Dayjs | null) => field.onChange(d ? (d.isValid() ? toValue(d) : 'invalid') : null),
    slotProps: {
      textField: {
        name: field.name,
        required,
        size: 'small' as const,
        fullWidth: true,
        onBlur: field.onBlur,
        error: Boolean(message),
        helperText: message ?? helperText,
      },
      field: { clearable: true, fieldRef },
    },
  };
  return { mode, value, locale, pickerProps };
}
