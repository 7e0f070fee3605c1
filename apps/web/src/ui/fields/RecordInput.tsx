import type { OptionsRead } from '@parkade/contract';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { AppLink } from '../AppLink';
import { useList, useRecord } from '../resource';
import { RecordPicker, type RecordOption, type RecordRow } from './RecordPicker';
import { ReadOnlyField, useFieldError, useFormMode, type BaseFieldProps } from './shared';

/**
 * Where a form's picker reads its options: the options read its resource declares for that source (served under
 * the form's own permission, so anyone who may use the form may pick; decision 0039 §3), or, in the resident's own
 * area, one of the resident's own lists (`/my/vehicles`), which are theirs by who they are.
 */
export type PickFrom = OptionsRead | `/my/${string}`;

const isOptionsRead = (from: PickFrom): from is OptionsRead => typeof from !== 'string';

/** An option's label, and the line that tells alike apart (a resident's email). */
export const optionText = (r: RecordRow) => {
  const label = typeof r.label === 'string' ? r.label : `#${r.id}`;
  return typeof r.detail === 'string' && r.detail ? `${label} · ${r.detail}` : label;
};
const bareLabel = (r: RecordRow) => (typeof r.label === 'string' ? r.label : `#${r.id}`);

/**
 * The name of a value the form knows only by its id (a form started with it): an options read names it by
 * filter[id]; a resident's own list by its record.
 */
function useNamed(from: PickFrom, id: number | null): RecordRow | undefined {
  const options = isOptionsRead(from);
  const listed = useList<RecordRow>(
    options ? from.path : '',
    { page: 1, pageSize: 1, filter: { id: [String(id ?? 0)] } },
    { enabled: options && id !== null },
  ).data?.data[0];
  const own = useRecord<RecordRow>(options ? '' : from, !options ? id : null).data;
  const row = options ? listed : own;
  return row && row.id === id ? row : undefined;
}

/** A form field holding a record id, picked with RecordPicker; `initial` names the current record (for its label). */
export function RecordInput({
  name,
  label,
  required,
  helperText,
  from,
  initial,
  showHref,
  optionLabel,
  valueLabel,
  sort,
  filter,
}: BaseFieldProps & {
  from: PickFrom;
  initial?: RecordOption | null;
  showHref?: (id: number) => string;
  /** How an option is shown (an options read: its label and detail). */
  optionLabel?: (row: RecordRow) => string;
  /** How the chosen record is named when the field knows only its id (a preset value); its label by default. */
  valueLabel?: (row: RecordRow) => string;
  sort?: string;
  /** The parent fields that narrow the options (a make's models: { makeId: ['3'] }). */
  filter?: Record<string, string[]>;
}) {
  const mode = useFormMode();
  const controller = useController({ name });
  const { field } = controller;
  const message = useFieldError(controller);
  const [selected, setSelected] = useState<RecordOption | null>(initial ?? null);
  const id = field.value as number | null | undefined;
  const known = id ? (selected?.id === id ? selected : initial?.id === id ? initial : null) : null;
  const options = isOptionsRead(from);
  const shown = optionLabel ?? (options ? optionText : undefined);
  // A value known only by its id (a form started with it): its record names it, not "#12".
  const unnamed = useNamed(from, id && !known ? id : null);
  const named = unnamed ? (valueLabel ?? (options ? bareLabel : shown) ?? bareLabel)(unnamed) : null;
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
      resource={options ? from.path : from}
      label={label}
      value={value}
      name={field.name}
      inputRef={field.ref}
      onBlur={field.onBlur}
      required={required}
      error={message}
      helperText={helperText}
      optionLabel={shown}
      sort={sort ?? (options ? 'label' : undefined)}
      filter={filter}
      onChange={(v) => {
        setSelected(v);
        field.onChange(v ? v.id : null);
      }}
    />
  );
}
