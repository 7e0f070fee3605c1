import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formMessage } from '../../ui/form';

/**
 * Binds a MUI TextField to a react-hook-form field: its registration, the input ref, and the field's error message
 * translated at render time (a contract key, or the server's own text), so a language switch re-renders it.
 */
export function useFieldProps<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>) {
  const { t } = useTranslation();
  return (name: Path<T>, helperText?: string) => {
    const { ref, ...rest } = form.register(name);
    const message = formMessage(
      get<typeof form.formState.errors, { message?: string } | undefined>(form.formState.errors, name)?.message,
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
