import type { SxProps, Theme } from '@mui/material';

/**
 * The editor's frame and text, styled as MUI's outlined field (the outline is a fieldset whose legend leaves the notch
 * for the label, as OutlinedInput's) with the states in classes: rte-focused, rte-error, rte-disabled. The page
 * break's name comes from `--rte-page-break-name` (a CSS string), so it follows the interface's language.
 */
export function editorFrameSx({
  minHeight,
  pageBreak,
}: {
  minHeight: number;
  pageBreak: string;
}): SxProps<Theme> {
  return (theme) => ({
    // Not a name ending in "label": Emotion reads `label: x` in a style as the class name's label, and a one-word value
    // (the Chinese "分页符") then became part of the class name, which broke the whole style.
    '--rte-page-break-name': JSON.stringify(pageBreak),
    position: 'relative',
    borderRadius: `${theme.shape.borderRadius}px`,
    bgcolor: 'background.paper',
    ...theme.typography.body1,
    '& .rte-outline': {
      position: 'absolute',
      inset: '-5px 0 0 0',
      m: 0,
      px: 1,
      py: 0,
      pointerEvents: 'none',
      borderRadius: 'inherit',
      borderStyle: 'solid',
      borderWidth: '1px',
      borderColor: 'rgba(0, 0, 0, 0.23)',
      overflow: 'hidden',
      minWidth: '0%',
      textAlign: 'left',
      '& legend': {
        float: 'unset',
        width: 'auto',
        overflow: 'hidden',
        display: 'block',
        p: 0,
        height: 11,
        fontSize: '0.75em',
        visibility: 'hidden',
        maxWidth: '100%',
        whiteSpace: 'nowrap',
        '& > span': { px: '5px', display: 'inline-block', opacity: 0, visibility: 'visible' },
      },
    },
    '&:hover:not(.rte-focused):not(.rte-error):not(.rte-disabled) .rte-outline': {
      borderColor: 'text.primary',
    },
    '&.rte-focused .rte-outline': { borderColor: 'primary.main', borderWidth: '2px' },
    '&.rte-error .rte-outline': { borderColor: 'error.main' },
    '&.rte-disabled .rte-outline': { borderColor: 'action.disabled' },
    '& [role="toolbar"]': { borderBottom: 1, borderColor: 'divider' },
    '& .ProseMirror': {
      minHeight,
      px: 1.75,
      py: 1.25,
      outline: 'none',
      overflowWrap: 'anywhere',
      '& p': { my: 0.75 },
      '& [data-level="1"]': { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.3, mt: 2, mb: 1 },
      '& [data-level="2"]': { fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.3, mt: 1.75, mb: 0.75 },
      '& [data-level="3"]': { fontSize: '1.075rem', fontWeight: 600, lineHeight: 1.35, mt: 1.5, mb: 0.75 },
      // The first block has no space above it (`:not(* ~ *)` is :first-child, which Emotion warns about).
      '& > :is(h3, h4, h5, p, ul, ol, div):not(* ~ *)': { mt: 0 },
      '& ul, & ol': { pl: 3.5, my: 0.75 },
      '& li > p': { my: 0.25 },
      '& .tableWrapper': { overflowX: 'auto', my: 1 },
      '& table': { borderCollapse: 'collapse', width: '100%', my: 0 },
      '& td, & th': {
        border: 1,
        borderColor: 'divider',
        px: 1,
        py: 0.5,
        verticalAlign: 'top',
        position: 'relative',
        minWidth: '6em',
        overflowWrap: 'break-word',
        '& p': { my: 0.25 },
      },
      '& th': { bgcolor: 'grey.100', fontWeight: 600, textAlign: 'left' },
      '& .selectedCell::after': {
        content: '""',
        position: 'absolute',
        inset: 0,
        bgcolor: 'primary.main',
        opacity: 0.12,
        pointerEvents: 'none',
      },
      '& .rte-page-break': {
        position: 'relative',
        my: 2.5,
        borderTop: '2px dashed',
        borderColor: 'text.disabled',
        textAlign: 'center',
        lineHeight: 0,
        cursor: 'default',
        '&::after': {
          content: 'var(--rte-page-break-name)',
          display: 'inline-block',
          px: 1,
          bgcolor: 'background.paper',
          color: 'text.secondary',
          fontSize: '0.75rem',
          lineHeight: 1.5,
          transform: 'translateY(-50%)',
          marginTop: '-1px',
        },
        '&.ProseMirror-selectednode': { borderColor: 'primary.main' },
      },
    },
    '&.rte-disabled .ProseMirror': { color: 'text.disabled' },
  });
}
