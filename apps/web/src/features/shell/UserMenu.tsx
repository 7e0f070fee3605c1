import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Logout from '@mui/icons-material/Logout';
import {
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterAnchor } from '../../platform/link';
import { logout } from '../../platform/session';
import { useAuthStore } from '../../platform/stores';
import { toast } from '../../ui/toast';
import { ChangePasswordDialog } from '../auth/ChangePasswordDialog';
import { identityLabel, initials } from './identity';

/**
 * The user menu (SPEC §2.2, §2.5): who is signed in (name, email, role and property), their profile (residents:
 * /my/profile; staff: /profile, with two-factor sign-in), the change-password dialog and sign out (POST /auth/logout, then the sign-in page; a failed call is shown but the session still ends here).
 */
export function UserMenu({ propertyName }: { propertyName: string | null }) {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [changing, setChanging] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const menuId = useId();
  if (!user) return null;
  const who = identityLabel(user, propertyName, t);

  const signOut = async () => {
    setAnchor(null);
    setLeaving(true);
    const failure = await logout();
    if (failure) toast.error(failure.message);
    else toast.success(t('auth.logoutSuccess'));
  };

  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        // The accessible name starts with the visible initials (WCAG 2.5.3, label in name).
        aria-label={t('shell.userMenu.open', { initials: initials(user.fullName), name: user.fullName })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        disabled={leaving}
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15, fontWeight: 600 }}>
          {initials(user.fullName)}
        </Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260, maxWidth: 'calc(100vw - 24px)', mt: 1 } } }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5 }} role="presentation">
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{user.fullName}</Typography>
          {user.email && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Typography>
          )}
          <Typography variant="body2" sx={{ color: 'primary.dark', fontWeight: 500, mt: 0.5 }}>
            {who}
          </Typography>
        </Box>
        <Divider />
        {user.type === 'tenant-resident' ? (
          <MenuItem component={RouterAnchor} href="/my/profile" onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <AccountCircleOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('shell.nav.myProfile')}</ListItemText>
          </MenuItem>
        ) : (
          <MenuItem component={RouterAnchor} href="/profile" onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <AccountCircleOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('twoFactor.profile.title')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setChanging(true);
          }}
        >
          <ListItemIcon>
            <KeyOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('shell.changePassword.title')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={signOut}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('shell.logout')}</ListItemText>
        </MenuItem>
      </Menu>
      <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
    </>
  );
}
