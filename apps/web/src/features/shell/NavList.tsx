import { Box, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { activeNavPath } from './nav';
import { useNav } from './useNav';

/** The drawer's content: the user's sections and entries, the current screen's entry marked. */
export function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { sections, items } = useNav();
  const pathname = useLocation({ select: (l) => l.pathname });
  const active = activeNavPath(pathname, items);
  return (
    <Box component="nav" aria-label={t('shell.nav.label')} sx={{ px: 1.5 }}>
      {sections.map(({ section, items: entries }) => (
        <Box key={section} sx={{ mt: 1.5 }}>
          <Typography
            id={`nav-section-${section}`}
            component="div"
            sx={{
              px: 1.5,
              fontSize: 12,
              fontWeight: 700,
              letterSpacing: 0.8,
              textTransform: 'uppercase',
              color: 'text.secondary',
              lineHeight: '32px',
            }}
          >
            {t(`shell.nav.section.${section}`)}
          </Typography>
          <List dense disablePadding aria-labelledby={`nav-section-${section}`}>
            {entries.map((entry) => {
              const Icon = entry.icon;
              const selected = entry.path === active;
              return (
                <ListItem key={entry.path} disablePadding sx={{ mb: 0.25 }}>
                  <ListItemButton
                    href={entry.path}
                    selected={selected}
                    aria-current={selected ? 'page' : undefined}
                    onClick={onNavigate}
                    sx={{
                      borderRadius: 2,
                      minHeight: 40,
                      '&.Mui-selected': { bgcolor: 'rgba(21,101,192,0.10)', color: 'primary.dark' },
                      '&.Mui-selected:hover': { bgcolor: 'rgba(21,101,192,0.16)' },
                      '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
                    }}
                  >
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <Icon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText
                      primary={t(entry.label)}
                      slotProps={{ primary: { sx: { fontWeight: selected ? 600 : 500, fontSize: 14 } } }}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        </Box>
      ))}
    </Box>
  );
}
