import type { ListResponse } from '@parkade/contract';
import {
  Autocomplete,
  Box,
  Chip,
  CircularProgress,
  Stack,
  TextField,
  Typography,
  type TextFieldProps,
  MenuItem,
} from '@mui/material';
import { DatePicker, DateTimePicker, LocalizationProvider } from '@mui/x-date-pickers';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { dayjs } from '../platform/dates';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useController, useFormContext, useWatch, type UseControllerReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppLink } from './AppLink';
import { useFormMessage } from './form';
import { formatDate, formatDateTime, useUiLocale } from './locale';
import { useList, useRecord } from './resource';

/** The page modes of SPEC §2.2. Fields read the mode: in `show` they render their value, read-only. */
export type PageMode = 'create' | 'edit' | 'show';
const FormModeContext = createContext<PageMode>('create');
export const FormModeProvider = FormModeContext.Provider;
export const useFormMode = () => useContext(FormModeContext);

/**
 * The value of field `parent`; when it changes while the form is edited, field `dependent` is emptied (the model
 * chosen belonged to the previous make, the vehicle to the previous resident).
 */
export function useDependentField<T>(parent: string, dependent: string): T {
  const mode = useFormMode();
  const { setValue } = useFormContext();
  const value = useWatch({ name: parent }) as T;
  const previous = useRef(value);
  useEffect(() => {
    if (previous.current === value) return;
    previous.current = value;
    if (mode !== 'show') setValue(dependent, null, { shouldDirty: true });
  }, [value, mode, setValue, dependent]);
  return value;
}

/** The fields of a form, laid out in a responsive grid (two columns from md up). */
export function FieldGrid({ children, columns = 2 }: { children: ReactNode; columns?: 1 | 2 }) {
  const mode = useFormMode();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: mode === 'show' ? 2.5 : 2,
        m: 0,
        gridTemplateColumns: { xs: '1fr', md: columns === 2 ? '1fr 1fr' : '1fr' },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}

/** Spans the whole row of a FieldGrid. */
export function FullRow({ children }: { children: ReactNode }) {
  return <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>{children}</Box>;
}

/** A label and its value, as a show page displays a field (a one-term description list). */
export function ReadOnlyField({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const empty =
    children === null ||
    children === undefined ||
    children === '' ||
    (Array.isArray(children) && !children.length);
  return (
    <Box component="dl" sx={{ minWidth: 0, m: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 500, mb: 0.5 }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, overflowWrap: 'anywhere' }}
        color={empty ? 'text.secondary' : 'text.primary'}
      >
        {empty ? t('form.empty') : children}
      </Typography>
    </Box>
  );
}

function useFieldError(controller: UseControllerReturn) {
  const render = useFormMessage();
  const error = controller.fieldState.error;
  // An array field's error may sit on an item (zipCodes.2): show the first one.
  const own = error?.message;
  const nested = !own && error && typeof error === 'object' ? firstNestedMessage(error) : undefined;
  return render(own ?? nested);
}

function firstNestedMessage(error: object): string | undefined {
  for (const value of Object.values(error)) {
    if (value && typeof value === 'object') {
      const m = (value as { message?: unknown }).message;
      if (typeof m === 'string' && m) return m;
    }
  }
  return undefined;
}

interface BaseFieldProps {
  name: string;
  label: string;
  required?: boolean;
  helperText?: ReactNode;
}

/** A text input (trimmed and validated by the schema). */
export function TextInput({
  name,
  label,
  required,
  helperText,
  onValueChange,
  textFieldProps,
}: BaseFieldProps & { onValueChange?: (value: string) => void; textFieldProps?: Partial<TextFieldProps> }) {
  const mode = useFormMode();
  const controller = useController({ name });
  const { field } = controller;
  const message = useFieldError(controller);
  if (mode === 'show')
    return <ReadOnlyField label={label}>{(field.value as string | null) ?? ''}</ReadOnlyField>;
  return (
    <TextField
      {...textFieldProps}
      name={field.name}
      inputRef={field.ref}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(e) => {
        field.onChange(e.target.value);
        onValueChange?.(e.target.value);
      }}
      onBlur={field.onBlur}
      label={label}
      required={required}
      error={Boolean(message)}
      helperText={message ?? helperText}
    />
  );
}

function PickerLocale({ children }: { children: ReactNode }) {
  const { dayjsLocale, pickersLocaleText } = useUiLocale();
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={dayjsLocale}
      localeText={pickersLocaleText}
    >
      {children}
    </LocalizationProvider>
  );
}

/** A calendar date kept as YYYY-MM-DD (null when empty). */
export function DateInput({ name, label, required, helperText }: BaseFieldProps) {
  const mode = useFormMode();
  const controller = useController({ name });
  const { field } = controller;
  const message = useFieldError(controller);
  const { intlLocale } = useUiLocale();
  const value = field.value as string | null | undefined;
  if (mode === 'show') return <ReadOnlyField label={label}>{formatDate(value, intlLocale)}</ReadOnlyField>;
  return (
    <PickerLocale>
      <DatePicker
        label={label}
        value={value ? dayjs(value) : null}
        inputRef={field.ref}
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
          field: { clearable: true },
        }}
      />
    </PickerLocale>
  );
}

/** A date and time kept as ISO 8601 with the browser's offset (null when empty). */
export function DateTimeInput({ name, label, required, helperText }: BaseFieldProps) {
  const mode = useFormMode();
  const controller = useController({ name });
  const { field } = controller;
  const message = useFieldError(controller);
  const { intlLocale } = useUiLocale();
  const value = field.value as string | null | undefined;
  if (mode === 'show')
    return <ReadOnlyField label={label}>{formatDateTime(value, intlLocale)}</ReadOnlyField>;
  return (
    <PickerLocale>
      <DateTimePicker
        label={label}
        value={value ? dayjs(value) : null}
        inputRef={field.ref}
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
          field: { clearable: true },
        }}
      />
    </PickerLocale>
  );
}

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

export interface RecordOption {
  id: number;
  label: string;
}

const PICKER_PAGE_SIZE = 50;

type RecordRow = { id: number } & Record<string, unknown>;
/** A record's label when a field says no other: its name, else its id. */
const nameOrId = (r: RecordRow) => (typeof r.name === 'string' ? r.name : `#${r.id}`);

/**
 * Picks one record of a list resource (a model's make): searchable, asking the API page by page as the user types
 * (filter[term]), so it works for 40 makes or 4,000.
 */
export function RecordPicker({
  resource,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  name,
  required,
  error,
  helperText,
  optionLabel = nameOrId,
  sort = 'name',
  size,
  filter,
  include,
}: {
  resource: string;
  /** Includes the option labels need (a unit's building). */
  include?: string[];
  /** List filters the options must match (a resident's vehicles: { residentId: ['7'] }). */
  filter?: Record<string, string[]>;
  label: string;
  value: RecordOption | null;
  onChange: (value: RecordOption | null) => void;
  onBlur?: () => void;
  inputRef?: React.Ref<HTMLInputElement>;
  name?: string;
  required?: boolean;
  error?: string;
  helperText?: ReactNode;
  optionLabel?: (row: { id: number } & Record<string, unknown>) => string;
  sort?: string;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(input.trim() === value?.label ? '' : input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input, value?.label]);
  const result = useList<{ id: number } & Record<string, unknown>>(
    resource,
    {
      page: 1,
      pageSize: PICKER_PAGE_SIZE,
      sort: [sort],
      ...(term ? { term } : {}),
      ...(filter ? { filter } : {}),
      ...(include ? { include } : {}),
    },
    { enabled: open },
  );
  const data: ListResponse<{ id: number } & Record<string, unknown>> | undefined = result.data;
  const options: RecordOption[] = (data?.data ?? []).map((r) => ({ id: r.id, label: optionLabel(r) }));
  return (
    <Autocomplete<RecordOption, false, false, false>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      size={size}
      value={value}
      options={options}
      filterOptions={(o) => o}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      loading={result.isFetching}
      loadingText={t('form.loading')}
      noOptionsText={t('form.noOptions')}
      onChange={(_e, v) => onChange(v)}
      onInputChange={(_e, v) => setInput(v)}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          inputRef={inputRef}
          label={label}
          required={required}
          size={size}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {result.isFetching ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

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

export interface SelectOption {
  value: string | number;
  label: ReactNode;
}

/** One value out of a list (an enum of the contract, or records already loaded). Empty is null. */
export function SelectInput({
  name,
  label,
  required,
  helperText,
  options,
  disabled,
  emptyLabel,
}: BaseFieldProps & { options: SelectOption[]; disabled?: boolean; emptyLabel?: string }) {
  const mode = useFormMode();
  const controller = useController({ name });
  const { field } = controller;
  const message = useFieldError(controller);
  const current = options.find((o) => o.value === field.value);
  if (mode === 'show') return <ReadOnlyField label={label}>{current?.label ?? ''}</ReadOnlyField>;
  return (
    <TextField
      select
      name={field.name}
      inputRef={field.ref}
      value={(field.value as string | number | null | undefined) ?? ''}
      onChange={(e) => {
        const raw = e.target.value as string | number;
        const opt = options.find((o) => String(o.value) === String(raw));
        field.onChange(opt ? opt.value : null);
      }}
      onBlur={field.onBlur}
      label={label}
      required={required}
      disabled={disabled}
      error={Boolean(message)}
      helperText={message ?? helperText}
    >
      {!required && <MenuItem value="">{emptyLabel ?? '—'}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={String(o.value)} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A number (integer or decimal); empty is null, anything else the schema judges. */
export function NumberInput({
  name,
  label,
  required,
  helperText,
  step,
  min,
  max,
}: BaseFieldProps & { step?: number | 'any'; min?: number; max?: number }) {
  const mode = useFormMode();
  const controller = useController({ name });
  const { field } = controller;
  const message = useFieldError(controller);
  const [text, setText] = useState<string>(
    field.value === null || field.value === undefined ? '' : String(field.value),
  );
  useEffect(() => {
    const v = field.value as number | null | undefined;
    if (v === null || v === undefined) {
      if (text !== '' && !Number.isNaN(Number(text))) setText('');
    } else if (Number(text) !== v) setText(String(v));
  }, [field.value]);
  if (mode === 'show')
    return (
      <ReadOnlyField label={label}>
        {field.value === null || field.value === undefined ? '' : String(field.value)}
      </ReadOnlyField>
    );
  return (
    <TextField
      type="number"
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const raw = e.target.value.trim();
        field.onChange(raw === '' ? null : Number(raw));
      }}
      onBlur={field.onBlur}
      label={label}
      required={required}
      error={Boolean(message)}
      helperText={message ?? helperText}
      slotProps={{ htmlInput: { step: step ?? 1, min, max } }}
    />
  );
}
