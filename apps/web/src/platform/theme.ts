import './fonts.css';
import { createTheme } from '@mui/material/styles';
import { RouterAnchor } from './link';

/** SPEC §9 theme: primary blue, secondary amber, Gotham with Montserrat as the open fallback (DESIGN §2). */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1565c0', dark: '#0d47a1', light: '#5e92f3', contrastText: '#ffffff' },
    secondary: { main: '#ffb300', dark: '#c68400', light: '#ffe54c', contrastText: '#1f1300' },
    background: { default: '#f4f6fa', paper: '#ffffff' },
    text: { primary: '#1b2433', secondary: '#4a5568' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'Gotham, "Montserrat", "Helvetica Neue", Arial, "PingFang SC", "Microsoft YaHei", sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 700 },
    h2: { fontSize: '1.5rem', fontWeight: 700 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
    h4: { fontSize: '1.125rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButtonBase: { defaultProps: { LinkComponent: RouterAnchor } },
    MuiLink: { defaultProps: { component: RouterAnchor } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { root: { border: '1px solid #e3e8ef' } } },
    MuiAppBar: { styleOverrides: { root: { border: 0 } } },
    MuiDrawer: { styleOverrides: { paper: { border: 0 } } },
    MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
  },
});
