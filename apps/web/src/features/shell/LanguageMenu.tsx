import Check from '@mui/icons-material/Check';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import type { Language } from '@parkade/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_TAG, NATIVE_NAMES } from '../../platform/language';

/**
 * The language switcher: only the given languages (the user's allowed ones, or the area's before signing in), each
 * named in itself. Hidden when there is nothing to choose. `busy` while a change is being saved.
 */
export function LanguageMenu({
  languages,
  value,
  onChange,
  busy = false,
  color = 'inherit',
}: {
  languages: readonly Language[];
  value: Language;
  onChange: (lng: Language) => void;
  busy?: boolean;
  color?: 'inherit' | 'primary';
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (languages.length < 2) return null;
  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateOutlined />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('shell.language.change', { language: NATIVE_NAMES[value] })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        loading={busy}
        loadingPosition="start"
        sx={{ minWidth: 0, px: 1.25, fontWeight: 600 }}
      >
        {value.toUpperCase()}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {languages.map((lng) => (
          <MenuItem
            key={lng}
            lang={LOCALE_TAG[lng]}
            selected={lng === value}
            onClick={() => {
              setAnchor(null);
              if (lng !== value) onChange(lng);
            }}
          >
            <ListItemIcon>{lng === value ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{NATIVE_NAMES[lng]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
