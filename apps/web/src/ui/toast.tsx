import { Alert, Snackbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
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

/** How long a toast stays: errors longer, since they are read more carefully. */
const DURATION: Record<ToastSeverity, number> = { success: 4000, info: 5000, warning: 6000, error: 7000 };

export function Toaster() {
  const { t } = useTranslation();
  const current = useToastStore((s) => s.queue[0]);
  const shift = useToastStore((s) => s.shift);
  return (
    <Snackbar
      key={current?.id}
      open={Boolean(current)}
      autoHideDuration={current ? DURATION[current.severity] : null}
      onClose={(_event, reason) => {
        // A confirmation goes as soon as the user moves on (an officer tapping the lookup right after checking in
        // must not find its first result under it); a warning or an error stays until read or closed.
        if (reason !== 'clickaway' || current?.severity === 'success' || current?.severity === 'info')
          shift();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {current ? (
        <Alert
          onClose={shift}
          severity={current.severity}
          variant="filled"
          closeText={t('shell.close')}
          sx={{ width: '100%', maxWidth: 560, alignItems: 'center' }}
        >
          {current.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
