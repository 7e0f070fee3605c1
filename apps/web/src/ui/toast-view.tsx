import { Alert, Snackbar } from '@mui/material';
import { useTranslation } from 'react-i18next';

type ToastSeverity = 'success' | 'error' | 'info' | 'warning';

/** The toast on screen (ui/toast.tsx's store). */
export interface ShownToast {
  id: number;
  message: string;
  severity: ToastSeverity;
}

/** How long a toast stays: errors longer, since they are read more carefully. */
const DURATION: Record<ToastSeverity, number> = { success: 4000, info: 5000, warning: 6000, error: 7000 };

/** The snackbar of the current toast (ui/toast.tsx's Toaster loads it and gives it the toast on screen). */
export default function ToastView({
  current,
  shift,
}: {
  current: ShownToast | undefined;
  shift: () => void;
}) {
  const { t } = useTranslation();
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
