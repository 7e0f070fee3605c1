import { useState } from 'react';
import { useController } from 'react-hook-form';
import { AppLink } from '../AppLink';
import { useRecord } from '../resource';
import { nameOrId, RecordPicker, type RecordOption, type RecordRow } from './RecordPicker';
import { ReadOnlyField, useFieldError, useFormMode, type BaseFieldProps } from './shared';

/** A form field holding a record id, picked with RecordPicker; `initial` names the current record (for its label). */
export function RecordInput({
  name,
  label,
  required,
  helperText,
  resource,
  initial,
  showHref,
  optionLabel,
  valueLabel,
  sort,
  filter,
  include,
}: BaseFieldProps & {
  resource: string;
  initial?: RecordOption | null;
  showHref?: (id: number) => string;
  optionLabel?: (row: RecordRow) => string;
  /** How the chosen record is named when the field knows only its id (a preset value); optionLabel by default. */
  valueLabel?: (row: RecordRow) => string;
  sort?: string;
  filter?: Record<string, string[]>;
  include?: string[];
}) {
  const mode = useFormMode();
  const controller = useController({ name });
  const { field } = controller;
  const message = useFieldError(controller);
  const [selected, setSelected] = useState<RecordOption | null>(initial ?? null);
  const id = field.value as number | null | undefined;
  const known = id ? (selected?.id === id ? selected : initial?.id === id ? initial : null) : null;
  // A value known only by its id (a form started with it): its record names it, not "#12".
  const unnamed = useRecord<RecordRow>(resource, id && !known ? id : null).data;
  const named = unnamed && unnamed.id === id ? (valueLabel ?? optionLabel ?? nameOrId)(unnamed) : null;
  const value = id ? (known ?? { id, label: named ?? `#${id}` }) : null;
  if (mode === 'show')
    return (
      <ReadOnlyField label={label}>
        {value && showHref ? (
          <AppLink href={showHref(value.id)}>{value.label}</AppLink>
        ) : (
          (value?.label ?? '')
        )}
      </ReadOnlyField>
    );
  return (
    <RecordPicker
      resource={resource}
      label={label}
      value={value}
      name={field.name}
      inputRef={field.ref}
      onBlur={field.onBlur}
      required={required}
      error={message}
      helperText={helperText}
      optionLabel={optionLabel}
      sort={sort}
      filter={filter}
      include={include}
      onChange={(v) => {
        setSelected(v);
        field.onChange(v ? v.id : null);
      }}
    />
  );
}
