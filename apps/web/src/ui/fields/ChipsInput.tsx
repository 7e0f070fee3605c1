import { Autocomplete, Chip, Stack, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { ReadOnlyField, useFieldError, useFormMode, type BaseFieldProps } from './shared';

/**
 * Free multi-entry values shown as chips (cities, zip codes): type and press Enter, or paste a list separated by
 * commas, semicolons or line breaks. `normalize` cleans each entry; `isValid` marks bad ones in red (the schema
 * says why under the field).
 */
export function ChipsInput({
  name,
  label,
  required,
  helperText,
  placeholder,
  normalize = (v) => v.trim(),
  isValid,
  inputMode,
  separators = /[,;\n]+/,
}: BaseFieldProps & {
  placeholder?: string;
  normalize?: (value: string) => string;
  isValid?: (value: string) => boolean;
  inputMode?: 'text' | 'numeric';
  separators?: RegExp;
}) {
  const mode = useFormMode();
  const controller = useController({ name });
  const { field } = controller;
  const message = useFieldError(controller);
  const values = (field.value as string[] | undefined) ?? [];
  if (mode === 'show')
    return <ReadOnlyField label={label}>{values.length ? <ChipList values={values} /> : null}</ReadOnlyField>;
  return (
    <ChipsEditor
      label={label}
      values={values}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      name={field.name}
      required={required}
      error={message}
      helperText={helperText}
      placeholder={placeholder}
      normalize={normalize}
      isValid={isValid}
      inputMode={inputMode}
      separators={separators}
    />
  );
}

export function ChipList({
  values,
  isValid,
}: {
  values: readonly string[];
  isValid?: (v: string) => boolean;
}) {
  return (
    <Stack component="span" direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.75 }}>
      {values.map((v) => (
        <Chip
          key={v}
          component="span"
          size="small"
          label={v}
          color={isValid && !isValid(v) ? 'error' : 'default'}
        />
      ))}
    </Stack>
  );
}

/** The chip editor without a form binding (also used inside composite fields such as zip codes by city). */
export function ChipsEditor(props: {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  onBlur?: () => void;
  inputRef?: React.Ref<HTMLInputElement>;
  name?: string;
  required?: boolean;
  error?: string;
  helperText?: ReactNode;
  placeholder?: string;
  normalize?: (value: string) => string;
  isValid?: (value: string) => boolean;
  inputMode?: 'text' | 'numeric';
  separators?: RegExp;
  id?: string;
}) {
  const { normalize = (v: string) => v.trim(), separators = /[,;\n]+/, isValid } = props;
  const [input, setInput] = useState('');
  const add = (raw: string[]) => {
    const next = [...props.values];
    for (const r of raw) {
      const v = normalize(r);
      if (v && !next.includes(v)) next.push(v);
    }
    props.onChange(next);
  };
  return (
    <Autocomplete<string, true, false, true>
      id={props.id}
      multiple
      freeSolo
      options={[]}
      value={props.values}
      inputValue={input}
      onInputChange={(_e, value, reason) => {
        if (reason === 'reset') return setInput('');
        const parts = value.split(separators);
        if (parts.length > 1) {
          add(parts.slice(0, -1));
          setInput(parts[parts.length - 1] ?? '');
        } else setInput(value);
      }}
      onChange={(_e, values) => {
        setInput('');
        props.onChange([...new Set(values.map(normalize).filter(Boolean))]);
      }}
      onBlur={() => {
        if (input.trim()) add([input]);
        setInput('');
        props.onBlur?.();
      }}
      renderValue={(values, getItemProps) =>
        values.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              size="small"
              label={option}
              color={isValid && !isValid(option) ? 'error' : 'default'}
              {...itemProps}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={props.name}
          inputRef={props.inputRef}
          label={props.label}
          required={props.required}
          placeholder={props.values.length ? undefined : props.placeholder}
          error={Boolean(props.error)}
          helperText={props.error ?? props.helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, inputMode: props.inputMode },
          }}
        />
      )}
    />
  );
}
