import { useEffect, useEffectEvent } from 'react';

const isMac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);
/** The modifier key the shortcuts' tooltips name (the shortcuts take Ctrl and ⌘ alike). */
export const MOD = isMac ? '⌘' : 'Ctrl';

/** Whether a key press goes to a field being typed in (shortcuts leave those alone). */
function typing(target: EventTarget | null) {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/**
 * The designer's keyboard shortcuts, shown in the toolbar's tooltips: Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z or Ctrl/⌘+Y
 * redo, Ctrl/⌘+S save, + and - zoom, 0 reset the view, R rotate, Enter the selected spot's details. Edits need
 * `editable`. None acts while a field has the focus or a dialog is open.
 */
export function useMapShortcuts(actions: {
  editable: boolean;
  undo: () => void;
  redo: () => void;
  save: () => void;
  zoom: (dir: 1 | -1) => void;
  resetView: () => void;
  rotate: () => void;
  /** Opens the selected spot's details; absent when no spot is selected. */
  details?: () => void;
}) {
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (typing(e.target) || document.querySelector('[role="dialog"]')) return;
    const { editable, details } = actions;
    const ctrl = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    if (ctrl && key === 'z' && !e.shiftKey && editable) actions.undo();
    else if (ctrl && ((key === 'z' && e.shiftKey) || key === 'y') && editable) actions.redo();
    else if (ctrl && key === 's' && editable) actions.save();
    else if (ctrl) return;
    else if (key === '+' || key === '=') actions.zoom(1);
    else if (key === '-') actions.zoom(-1);
    else if (key === '0') actions.resetView();
    else if (key === 'r' && editable) actions.rotate();
    else if (key === 'enter' && details) details();
    else return;
    e.preventDefault();
  });
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
