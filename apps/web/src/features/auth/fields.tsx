import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../platform/errors';
import { formMessage, placeServerErrors } from '../../ui/form';

/**
 * Binds a MUI TextField to a react-hook-form field: its registration, the input ref, and the field's error message
 * translated at render time (a contract key, or the server's own text), so a language switch re-renders it.
 */
/** The props `useFieldProps` gives one input: registration, error state and helper text. */
export type FieldProps = ReturnType<ReturnType<typeof useFieldProps>>;

export function useFieldProps<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>) {
  const { t } = useTranslation();
  return (name: Path<T>, helperText?: string) => {
    const { ref, ...rest } = form.register(name);
    const message = formMessage(
      get<typeof form.formState.errors, { message?: string } | undefined>(form.formState.errors, name)
        ?.message,
      t,
    );
    return {
      ...rest,
      inputRef: ref,
      error: Boolean(message),
      helperText: message ?? helperText,
    };
  };
}

/**
 * A failed submit → the server's field errors on the form's fields (focus on the first) and the text for the
 * form's alert: null when every message found its field (the fields say it all), otherwise the server's message
 * with the messages of fields the form does not show.
 */
export function applySubmitError(
  error: unknown,
  fieldNames: readonly string[],
  setError: (
    name: string,
    error: { type: string; message: string },
    options: { shouldFocus: boolean },
  ) => void,
): string | null {
  if (!(error instanceof RequestError)) return error instanceof Error ? error.message : String(error);
  const { fields, other } = placeServerErrors(error.errors, fieldNames);
  fields.forEach((f, i) =>
    setError(f.name, { type: 'server', message: f.message }, { shouldFocus: i === 0 }),
  );
  if (fields.length && !other.length) return null;
  return [error.message, ...other].join(' — ');
}
