import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form's resolver on a contract schema that loads the schema, zod and the resolver when it is first needed, not
 * with the screen: the sign-in screens show before any of it is fetched (decision 0017). `preload()` starts the
 * loading early — the forms call it when a field first takes the focus — so the first check does not wait. It
 * validates exactly as contractResolver does.
 */
export function lazyContractResolver<S extends z.ZodType<unknown, FieldValues>>(
  load: () => Promise<S>,
): Resolver<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues> & { preload: () => void } {
  type R = Resolver<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues>;
  let loading: Promise<R> | null = null;
  const preload = () => {
    loading ??= Promise.all([load(), import('./contract-resolver')]).then(([schema, m]) =>
      m.contractResolver(schema),
    );
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
  const resolver: R = async (values, context, options) => (await preload())(values, context, options);
  return Object.assign(resolver, { preload: () => void preload() });
}

/**
 * The form's props that start loading its lazy resolver when the person first uses it: a key, a pointer or an
 * input (a password manager's fill). Not on focus: a sign-in form focuses its first field as it shows.
 */
export const preloadOnUse = (resolver: { preload: () => void }) => ({
  onKeyDownCapture: resolver.preload,
  onPointerDownCapture: resolver.preload,
  onInputCapture: resolver.preload,
});
