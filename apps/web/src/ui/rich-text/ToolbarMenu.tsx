import { IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';

export interface ToolbarMenuItem {
  key: string;
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  monospace?: boolean;
}

/**
 * A toolbar button that opens a menu of actions. Choosing one runs it and gives the focus back to the text (the
 * action focuses the editor), so the menu does not return it to the button; closing it without a choice (Escape, a
 * click outside) does.
 */
export function ToolbarMenu({
  label,
  icon,
  items,
  disabled,
  buttonProps,
}: {
  label: string;
  icon: ReactNode;
  items: ToolbarMenuItem[];
  disabled?: boolean;
  buttonProps?: object;
}) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  return (
    <>
      <Tooltip title={label} describeChild>
        <span>
          <IconButton
            size="small"
            aria-label={label}
            aria-haspopup="menu"
            aria-expanded={open || undefined}
            aria-controls={open ? id : undefined}
            disabled={disabled}
            onClick={(e) => setAnchor(e.currentTarget)}
            {...buttonProps}
          >
            {icon}
          </IconButton>
        </span>
      </Tooltip>
      <Menu
        id={id}
        anchorEl={anchor}
        open={open && !disabled}
        disableRestoreFocus
        onClose={() => {
          anchor?.focus();
          setAnchor(null);
        }}
        slotProps={{ paper: { sx: { maxHeight: 360 } } }}
      >
        {items.map((item) => (
          <MenuItem
            key={item.key}
            dense
            disabled={item.disabled}
            onClick={() => {
              setAnchor(null);
              item.onSelect();
            }}
            sx={item.monospace ? { fontFamily: 'monospace' } : undefined}
          >
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
