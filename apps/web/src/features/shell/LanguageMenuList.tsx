import Check from '@mui/icons-material/Check';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import type { LanguageCode } from '@parkade/contract';
import { localeTag, nativeName } from '../../platform/language';

/** The language menu's list (LanguageMenu): each language named in itself, the current one ticked. */
export default function LanguageMenuList({
  id,
  anchor,
  languages,
  value,
  onClose,
  onChange,
}: {
  id: string;
  anchor: HTMLElement | null;
  languages: readonly LanguageCode[];
  value: LanguageCode;
  onClose: () => void;
  onChange: (lng: LanguageCode) => void;
}) {
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {languages.map((lng) => (
        <MenuItem
          key={lng}
          lang={localeTag(lng)}
          selected={lng === value}
          onClick={() => {
            onClose();
            if (lng !== value) onChange(lng);
          }}
        >
          <ListItemIcon>{lng === value ? <Check fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{nativeName(lng)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
