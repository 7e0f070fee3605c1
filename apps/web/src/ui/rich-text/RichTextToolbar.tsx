import DataObjectIcon from '@mui/icons-material/DataObject';
import FormatAlignCenterIcon from '@mui/icons-material/FormatAlignCenter';
import FormatAlignJustifyIcon from '@mui/icons-material/FormatAlignJustify';
import FormatAlignLeftIcon from '@mui/icons-material/FormatAlignLeft';
import FormatAlignRightIcon from '@mui/icons-material/FormatAlignRight';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import GridOnIcon from '@mui/icons-material/GridOn';
import InsertPageBreakIcon from '@mui/icons-material/InsertPageBreakOutlined';
import RedoIcon from '@mui/icons-material/Redo';
import TableViewIcon from '@mui/icons-material/TableViewOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Divider, FormControl, IconButton, MenuItem, Select, Tooltip } from '@mui/material';
import { DOC_TABLE_COLUMNS_MAX } from '@parkade/contract';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { Fragment, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolbarMenu, type ToolbarMenuItem } from './ToolbarMenu';

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/i.test(navigator.platform) ? '⌘' : 'Ctrl+';
const ALIGNS = ['left', 'center', 'right', 'justify'] as const;
const ALIGN_ICONS = {
  left: <FormatAlignLeftIcon fontSize="small" />,
  center: <FormatAlignCenterIcon fontSize="small" />,
  right: <FormatAlignRightIcon fontSize="small" />,
  justify: <FormatAlignJustifyIcon fontSize="small" />,
};
type Block = 'paragraph' | '1' | '2' | '3';

/** What the toolbar shows of the cursor's place: its marks, its block, whether it is in a table. */
function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const level = ([1, 2, 3] as const).find((l) => e.isActive('heading', { level: l }));
      const { $from } = e.state.selection;
      let columns = 0;
      for (let d = $from.depth; d > 0; d--)
        if ($from.node(d).type.name === 'table') {
          columns = $from.node(d).firstChild?.childCount ?? 0;
          break;
        }
      return {
        editable: e.isEditable,
        block: (level ? String(level) : 'paragraph') as Block,
        // A textblock that can become another (setHeading refuses the level it already is).
        canHeading:
          e.can().setParagraph() || e.can().setHeading({ level: 1 }) || e.can().setHeading({ level: 2 }),
        bold: e.isActive('bold'),
        italic: e.isActive('italic'),
        underline: e.isActive('underline'),
        bulletList: e.isActive('bulletList'),
        orderedList: e.isActive('orderedList'),
        align: ALIGNS.find((a) => a !== 'left' && e.isActive({ textAlign: a })) ?? 'left',
        inTable: columns > 0,
        columns,
        canUndo: e.can().undo(),
        canRedo: e.can().redo(),
      };
    },
  });
}

export interface ToolbarButton {
  id: string;
  label: string;
  keys?: string;
  icon: ReactNode;
  onClick: () => void;
  pressed?: boolean;
  disabled?: boolean;
}

/**
 * The formatting toolbar (WAI-ARIA toolbar): one tab stop, the arrow keys (and Home, End) move between its controls.
 * Each button has its name (and shortcut) in a tooltip and as its accessible name; a mark's or a list's button says
 * whether it is on (aria-pressed). Wraps on a narrow screen.
 */
export function RichTextToolbar({ editor, variables }: { editor: Editor; variables: readonly string[] }) {
  const { t } = useTranslation();
  const s = useToolbarState(editor);
  const [current, setCurrent] = useState('block');
  const off = !s.editable;
  const run = (fn: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () =>
    void fn(editor.chain().focus()).run();

  const groups: ToolbarButton[][] = [
    [
      {
        id: 'bold',
        label: t('richText.bold'),
        keys: `${MOD}B`,
        icon: <FormatBoldIcon fontSize="small" />,
        pressed: s.bold,
        onClick: run((c) => c.toggleBold()),
      },
      {
        id: 'italic',
        label: t('richText.italic'),
        keys: `${MOD}I`,
        icon: <FormatItalicIcon fontSize="small" />,
        pressed: s.italic,
        onClick: run((c) => c.toggleItalic()),
      },
      {
        id: 'underline',
        label: t('richText.underline'),
        keys: `${MOD}U`,
        icon: <FormatUnderlinedIcon fontSize="small" />,
        pressed: s.underline,
        onClick: run((c) => c.toggleUnderline()),
      },
    ],
    [
      {
        id: 'bulletList',
        label: t('richText.bulletList'),
        icon: <FormatListBulletedIcon fontSize="small" />,
        pressed: s.bulletList,
        onClick: run((c) => c.toggleBulletList()),
      },
      {
        id: 'orderedList',
        label: t('richText.orderedList'),
        icon: <FormatListNumberedIcon fontSize="small" />,
        pressed: s.orderedList,
        onClick: run((c) => c.toggleOrderedList()),
      },
    ],
    ALIGNS.map((a) => ({
      id: `align-${a}`,
      label: t(`richText.align.${a}`),
      icon: ALIGN_ICONS[a],
      pressed: s.align === a,
      // Left is the default: it is written as no alignment at all.
      onClick: run((c) => (a === 'left' ? c.unsetTextAlign() : c.setTextAlign(a))),
    })),
    [
      {
        id: 'table',
        label: t('richText.insertTable'),
        icon: <GridOnIcon fontSize="small" />,
        disabled: s.inTable,
        onClick: run((c) => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true })),
      },
      {
        id: 'pageBreak',
        label: t('richText.insertPageBreak'),
        keys: `${MOD}Enter`,
        icon: <InsertPageBreakIcon fontSize="small" />,
        onClick: run((c) => c.setPageBreak()),
      },
    ],
    [
      {
        id: 'undo',
        label: t('richText.undo'),
        keys: `${MOD}Z`,
        icon: <UndoIcon fontSize="small" />,
        disabled: !s.canUndo,
        onClick: run((c) => c.undo()),
      },
      {
        id: 'redo',
        label: t('richText.redo'),
        keys: MOD === '⌘' ? '⇧⌘Z' : `${MOD}Y`,
        icon: <RedoIcon fontSize="small" />,
        disabled: !s.canRedo,
        onClick: run((c) => c.redo()),
      },
    ],
  ];

  const full = s.columns >= DOC_TABLE_COLUMNS_MAX;
  const tableItems: ToolbarMenuItem[] = [
    { key: 'addRow', label: t('richText.table.addRow'), onSelect: run((c) => c.addRowAfter()) },
    {
      key: 'addColumn',
      label: full
        ? t('richText.table.columnsMax', { max: DOC_TABLE_COLUMNS_MAX })
        : t('richText.table.addColumn'),
      disabled: full,
      onSelect: run((c) => c.addColumnAfter()),
    },
    { key: 'deleteRow', label: t('richText.table.deleteRow'), onSelect: run((c) => c.deleteRow()) },
    { key: 'deleteColumn', label: t('richText.table.deleteColumn'), onSelect: run((c) => c.deleteColumn()) },
    { key: 'deleteTable', label: t('richText.table.delete'), onSelect: run((c) => c.deleteTable()) },
  ];
  const variableItems: ToolbarMenuItem[] = variables.map((v) => ({
    key: v,
    label: `{{${v}}}`,
    monospace: true,
    onSelect: run((c) => c.insertContent({ type: 'text', text: `{{${v}}}` })),
  }));

  // The one control that takes the tab stop: the last one focused, else the first one enabled.
  const enabled = [
    'block',
    ...groups
      .flat()
      .filter((b) => !b.disabled)
      .map((b) => b.id),
    ...(s.inTable ? ['tableMenu'] : []),
    ...(variables.length ? ['variables'] : []),
  ];
  const stop = enabled.includes(current) ? current : 'block';
  const roving = (id: string) => ({
    tabIndex: !off && id === stop ? 0 : -1,
    onFocus: () => setCurrent(id),
    'data-rte-item': id,
  });

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[data-rte-item]')].filter(
      (el) => !el.matches(':disabled,[aria-disabled="true"]'),
    );
    const at = items.findIndex((el) => el === document.activeElement || el.contains(document.activeElement));
    if (at < 0) return;
    e.preventDefault();
    const next =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? items.length - 1
          : (at + (e.key === 'ArrowRight' ? 1 : -1) + items.length) % items.length;
    items[next]?.focus();
  };

  return (
    <Box
      role="toolbar"
      aria-label={t('richText.toolbar')}
      aria-disabled={off || undefined}
      onKeyDown={onKeyDown}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, px: 0.75, py: 0.5 }}
    >
      <FormControl size="small" sx={{ minWidth: 128, mr: 0.5 }} disabled={off || !s.canHeading}>
        <Select
          value={s.block}
          inputProps={{ 'aria-label': t('richText.blockType'), tabIndex: !off && stop === 'block' ? 0 : -1 }}
          SelectDisplayProps={{ 'data-rte-item': 'block', onFocus: () => setCurrent('block') } as object}
          onChange={(e) => {
            const v = e.target.value;
            const c = editor.chain();
            void (
              v === 'paragraph' ? c.setParagraph() : c.setHeading({ level: Number(v) as 1 | 2 | 3 })
            ).run();
          }}
          sx={{ fontSize: '0.875rem', '& .MuiSelect-select': { py: 0.5 } }}
        >
          <MenuItem value="paragraph">{t('richText.paragraph')}</MenuItem>
          {(['1', '2', '3'] as const).map((l) => (
            <MenuItem key={l} value={l}>
              {t('richText.heading', { level: l })}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {groups.map((group, i) => (
        <Fragment key={i}>
          {i > 0 && <Divider orientation="vertical" flexItem sx={{ mx: 0.25, my: 0.5 }} />}
          {group.map((b) => (
            <Tooltip key={b.id} title={b.keys ? `${b.label} (${b.keys})` : b.label} describeChild>
              <span>
                <IconButton
                  size="small"
                  aria-label={b.label}
                  aria-pressed={b.pressed === undefined ? undefined : b.pressed}
                  disabled={off || b.disabled}
                  onClick={b.onClick}
                  color={b.pressed ? 'primary' : 'default'}
                  sx={b.pressed ? { bgcolor: 'action.selected' } : undefined}
                  {...roving(b.id)}
                >
                  {b.icon}
                </IconButton>
              </span>
            </Tooltip>
          ))}
        </Fragment>
      ))}
      <Divider orientation="vertical" flexItem sx={{ mx: 0.25, my: 0.5 }} />
      <ToolbarMenu
        label={t('richText.table.menu')}
        icon={<TableViewIcon fontSize="small" />}
        disabled={off || !s.inTable}
        items={tableItems}
        buttonProps={roving('tableMenu')}
      />
      {variables.length > 0 && (
        <ToolbarMenu
          label={t('richText.insertVariable')}
          icon={<DataObjectIcon fontSize="small" />}
          disabled={off}
          items={variableItems}
          buttonProps={roving('variables')}
        />
      )}
    </Box>
  );
}
