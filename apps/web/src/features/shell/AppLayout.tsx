import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import {
  AppBar,
  Box,
  Chip,
  Divider,
  Drawer,
  IconButton,
  Link,
  Toolbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bootstrap } from '../../platform/session';
import { useLanguageStore } from '../../platform/stores';
import { NotificationBell } from '../notifications/NotificationBell';
import { LanguageMenu } from './LanguageMenu';
import { NavList } from './NavList';
import { UserMenu } from './UserMenu';
import { useChangeLanguage } from './useChangeLanguage';

export const DRAWER_WIDTH = 264;
const MAIN_ID = 'main-content';

/**
 * The authenticated frame (SPEC §2.2): the app bar (logo, the property or "Central", language, user menu), the
 * navigation drawer — permanent from the md breakpoint, a temporary drawer behind the menu button below it — and the
 * page. Works down to 360 px: nothing in the bar has a fixed width but the icons.
 */
export function AppLayout({ boot, children }: { boot: Bootstrap; children: ReactNode }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const pathname = useLocation({ select: (l) => l.pathname });
  const language = useLanguageStore((s) => s.currentLanguage);
  const languages = useLanguageStore((s) => s.languageCodes);
  const changeLanguage = useChangeLanguage();
  const propertyName = boot.property?.name ?? null;

  // A new screen closes the temporary drawer.
  useEffect(() => setOpen(false), [pathname]);

  const drawer = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {!wide && (
        <>
          <Toolbar sx={{ gap: 1.25 }}>
            <Box component="img" src="/logo.svg" alt="" width={32} height={32} />
            <Typography component="p" sx={{ fontWeight: 700, fontSize: 18 }}>
              Parkade
            </Typography>
          </Toolbar>
          <Divider />
        </>
      )}
      <Box sx={{ flex: 1, overflowY: 'auto', pb: 2 }}>
        <NavList onNavigate={wide ? undefined : () => setOpen(false)} />
      </Box>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Link
        href={`#${MAIN_ID}`}
        onClick={(e) => {
          e.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (th) => th.zIndex.tooltip,
          bgcolor: 'background.paper',
          px: 2,
          py: 1,
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        {t('shell.skipToContent')}
      </Link>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{
          // Above the permanent drawer on wide screens; below the temporary drawer (a modal) on narrow ones.
          zIndex: (th) => (wide ? th.zIndex.drawer + 1 : th.zIndex.appBar),
          bgcolor: 'background.paper',
          borderBottom: '1px solid #e3e8ef',
        }}
      >
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, px: { xs: 1, sm: 2 } }}>
          {!wide && (
            <IconButton
              edge="start"
              onClick={() => setOpen(true)}
              aria-label={t('shell.nav.open')}
              aria-controls="app-navigation"
              aria-expanded={open}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Link
            href="/"
            aria-label={t('shell.homeLink')}
            underline="none"
            sx={{ display: 'flex', alignItems: 'center', gap: 1.25, flexShrink: 0, color: 'text.primary' }}
          >
            <Box component="img" src="/logo.svg" alt="" width={32} height={32} />
            <Typography
              component="span"
              sx={{ fontWeight: 700, fontSize: 18, display: { xs: 'none', sm: 'inline' } }}
            >
              Parkade
            </Typography>
          </Link>
          <PlaceChip propertyName={propertyName} />
          <Box sx={{ flex: 1 }} />
          <LanguageMenu
            languages={languages}
            value={language}
            busy={changeLanguage.isPending}
            onChange={(lng) => changeLanguage.mutate(lng)}
          />
          <NotificationBell />
          <UserMenu propertyName={propertyName} />
        </Toolbar>
      </AppBar>
      <Box component="div" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        {wide ? (
          <Drawer
            variant="permanent"
            id="app-navigation"
            slotProps={{
              paper: {
                sx: { width: DRAWER_WIDTH, boxSizing: 'border-box', borderRight: '1px solid #e3e8ef', pt: 8 },
              },
            }}
          >
            {drawer}
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            id="app-navigation"
            open={open}
            onClose={() => setOpen(false)}
            slotProps={{ paper: { sx: { width: Math.min(DRAWER_WIDTH, 300), maxWidth: '85vw' } } }}
          >
            {drawer}
          </Drawer>
        )}
      </Box>
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ flex: 1, minWidth: 0, outline: 'none', display: 'flex', flexDirection: 'column' }}
      >
        <Toolbar />
        <Box
          sx={{
            flex: 1,
            width: '100%',
            maxWidth: 1280,
            mx: 'auto',
            px: { xs: 2, sm: 3, lg: 4 },
            py: { xs: 2.5, sm: 3.5 },
          }}
        >
          {children}
        </Box>
      </Box>
    </Box>
  );
}

/** The property this host serves, or "Central" on the central area. */
function PlaceChip({ propertyName }: { propertyName: string | null }) {
  const { t } = useTranslation();
  const label = propertyName ?? t('shell.central');
  return (
    <Chip
      icon={propertyName ? <ApartmentOutlined /> : <PublicOutlined />}
      label={label}
      title={label}
      variant="outlined"
      sx={{
        minWidth: 0,
        maxWidth: { xs: 160, sm: 320 },
        fontWeight: 600,
        borderColor: '#d5dce6',
        '& .MuiChip-icon': { color: 'primary.main' },
      }}
    />
  );
}
