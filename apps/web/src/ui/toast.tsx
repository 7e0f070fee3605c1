import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import type { ShownToast } from './toast-view';

type ToastViewProps = { current: ShownToast | undefined; shift: () => void };
import { create } from 'zustand';

/**
 * Short confirmations and failures after an action ("Profile updated", "Logout successful!"): one at a time (a
 * new one replaces the one on screen), shown by the one <Toaster /> mounted at the root. A confirmation also goes
 * at the user's next tap elsewhere; warnings and errors stay until closed or timed out. Call `toast.success(text)` / `toast.error(text)` from
 * anywhere (event handlers, mutation callbacks); texts are already translated (server messages are, and UI texts
 * go through t() at the call site).
 */
export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';

interface ToastItem {
  id: number;
  message: string;
  severity: ToastSeverity;
}

interface ToastState {
  queue: ToastItem[];
  push: (message: string, severity: ToastSeverity) => void;
  shift: () => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  queue: [],
  // The newest message replaces the one on screen: after quick successive actions only the last outcome matters.
  push: (message, severity) => set({ queue: [{ id: nextId++, message, severity }] }),
  shift: () => set((s) => ({ queue: s.queue.slice(1) })),
}));

const push = (severity: ToastSeverity) => (message: string) => {
  if (message.trim()) useToastStore.getState().push(message, severity);
};

export const toast = {
  success: push('success'),
  error: push('error'),
  info: push('info'),
  warning: push('warning'),
};

/** The snackbar's chunk: fetched as the root mounts, then drawn at once (without a Suspense pause) for each toast. */
let View: ComponentType<ToastViewProps> | null = null;
const loadView = () =>
  import('./toast-view').then((m) => {
    View = m.default;
    return m;
  });
const LazyView = lazy(loadView);

/**
 * The root's toaster: nothing until the first toast, then the snackbar, from a chunk of its own (Snackbar, Alert
 * and their transitions are a few kilobytes the sign-in page's first screen does without: decision 0050). The chunk
 * is fetched when the root mounts — on a page the server drew, once the app has taken it over — so a toast opens in
 * the render that asked for it, its transition starting with it, as when the snackbar was in the entry file.
 */
export function Toaster() {
  const current = useToastStore((s) => s.queue[0]);
  const shift = useToastStore((s) => s.shift);
  const shown = Boolean(current);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (shown) setMounted(true);
  }, [shown]);
  useEffect(() => {
    void loadView();
  }, []);
  if (!shown && !mounted) return null;
  if (View) return <View current={current} shift={shift} />;
  return (
    <Suspense fallback={null}>
      <LazyView current={current} shift={shift} />
    </Suspense>
  );
}
