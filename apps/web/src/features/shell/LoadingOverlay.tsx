import { Box, Fade, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

/** SPEC §2.5 / §9: the logo's size and the fade of the overlay. */
export const LOADING_LOGO_SIZE = 120;
export const LOADING_FADE_MS = 500;

const pulse = keyframes`
  0%, 100% { transform: scale(1); opacity: 1; }
  50% { transform: scale(0.9); opacity: 0.55; }
`;

/**
 * Full-screen loading overlay: the pulsing logo and an optional message. It fades in and out (500 ms); the page
 * underneath is marked busy for assistive technology.
 */
export function LoadingOverlay({ message, open = true }: { message?: string; open?: boolean }) {
  const { t } = useTranslation();
  return (
    <Fade in={open} timeout={LOADING_FADE_MS} appear unmountOnExit>
      <Box
        role="status"
        aria-live="polite"
        aria-busy="true"
        sx={{
          position: 'fixed',
          inset: 0,
          zIndex: (theme) => theme.zIndex.modal + 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 3,
          bgcolor: 'background.default',
          px: 3,
          textAlign: 'center',
        }}
      >
        <Box
          component="img"
          src="/logo.svg"
          alt=""
          width={LOADING_LOGO_SIZE}
          height={LOADING_LOGO_SIZE}
          sx={{
            width: LOADING_LOGO_SIZE,
            height: LOADING_LOGO_SIZE,
            animation: `${pulse} 1.6s ease-in-out infinite`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        />
        <Typography color="text.secondary">{message ?? t('shell.loading')}</Typography>
      </Box>
    </Fade>
  );
}
