import { docContentSchema, type DocContent } from '@parkade/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import '../../platform/i18n';
import { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';

// jsdom lays nothing out: ProseMirror scrolls the cursor into view with a range's rectangles, which jsdom lacks.
beforeAll(() => {
  Range.prototype.getClientRects = () => document.createElement('div').getClientRects();
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

const doc = (text: string): DocContent => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

/** The field as a form holds it: its value in state; every value it gives is recorded. */
function Harness(props: Partial<RichTextEditorProps> & { initial: DocContent; seen: DocContent[] }) {
  const { initial, seen, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <RichTextEditor
      label="Body"
      variables={['residentName', 'unit']}
      {...rest}
      value={props.value ?? value}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

const text = () => screen.getByRole('textbox', { name: 'Body' });
const button = (name: string) => screen.getByRole('button', { name });
/** The last value given, which the server's schema must accept as it is. */
const last = (seen: DocContent[]) => {
  const v = seen.at(-1)!;
  expect(docContentSchema.parse(v)).toEqual(v);
  return v;
};

describe('RichTextEditor', () => {
  it('is a text box named by its label, with its error tied to it', () => {
    render(<Harness initial={doc('Hello')} seen={[]} error="Too long" />);
    expect(text().textContent).toBe('Hello');
    expect(text().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(text().getAttribute('aria-describedby')!)?.textContent).toBe('Too long');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    for (const name of [
      'Bold',
      'Italic',
      'Underline',
      'Bulleted list',
      'Numbered list',
      'Center',
      'Insert table',
    ])
      expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
    expect(button('Bold').getAttribute('aria-pressed')).toBe('false');
  });

  it('inserts a variable from the menu at the cursor, and gives the text in the subset', async () => {
    const user = userEvent.setup();
    const seen: DocContent[] = [];
    render(<Harness initial={doc('Dear , welcome')} seen={seen} />);
    // The cursor after "Dear ".
    act(() => {
      text().focus();
      window.getSelection()!.collapse(screen.getByText('Dear , welcome').firstChild, 5);
      document.dispatchEvent(new Event('selectionchange'));
    });
    await user.click(button('Insert variable'));
    await user.click(screen.getByRole('menuitem', { name: '{{residentName}}' }));
    await waitFor(() => expect(text().textContent).toBe('Dear {{residentName}}, welcome'));
    expect(last(seen)).toEqual(doc('Dear {{residentName}}, welcome'));
    // The text has the focus back.
    await waitFor(() => expect(document.activeElement).toBe(text()));
  });

  it('inserts a 3×3 table with a header row, whose menu adds and deletes rows and columns', async () => {
    const user = userEvent.setup();
    const seen: DocContent[] = [];
    render(<Harness initial={doc('Hours')} seen={seen} />);
    expect(button('Table')).toHaveProperty('disabled', true);
    await user.click(button('Insert table'));
    const table = () => {
      const t = last(seen).content.find((b) => b.type === 'table');
      if (t?.type !== 'table') throw new Error('no table');
      return t.content.map((r) => r.content.map((c) => c.type[5]).join(''));
    };
    expect(table()).toEqual(['HHH', 'CCC', 'CCC']);
    // The cursor is in the table: the table's menu works, inserting another table does not.
    await waitFor(() => expect(button('Table')).toHaveProperty('disabled', false));
    expect(button('Insert table')).toHaveProperty('disabled', true);
    await user.click(button('Table'));
    await user.click(screen.getByRole('menuitem', { name: 'Add column to the right' }));
    await user.click(button('Table'));
    await user.click(screen.getByRole('menuitem', { name: 'Add row below' }));
    expect(table()).toEqual(['HHHH', 'CCCC', 'CCCC', 'CCCC']);
    await user.click(button('Table'));
    await user.click(screen.getByRole('menuitem', { name: 'Delete column' }));
    expect(table()).toEqual(['HHH', 'CCC', 'CCC', 'CCC']);
    await user.click(button('Table'));
    await user.click(screen.getByRole('menuitem', { name: 'Delete table' }));
    expect(last(seen).content.some((b) => b.type === 'table')).toBe(false);
  });

  it('stops adding columns at the limit of the contract', async () => {
    const user = userEvent.setup();
    const seen: DocContent[] = [];
    render(<Harness initial={doc('x')} seen={seen} />);
    await user.click(button('Insert table'));
    for (let i = 3; i < 8; i++) {
      await user.click(await screen.findByRole('button', { name: 'Table' }));
      await user.click(screen.getByRole('menuitem', { name: 'Add column to the right' }));
    }
    await user.click(button('Table'));
    const full = screen.getByRole('menuitem', { name: 'A table has at most 8 columns' });
    expect(full.getAttribute('aria-disabled')).toBe('true');
  });

  it('marks the bold, list and alignment buttons pressed where the cursor is', async () => {
    const user = userEvent.setup();
    render(<Harness initial={doc('x')} seen={[]} />);
    await user.click(button('Bold'));
    await waitFor(() => expect(button('Bold').getAttribute('aria-pressed')).toBe('true'));
    expect(button('Align left').getAttribute('aria-pressed')).toBe('true');
    await user.click(button('Center'));
    await waitFor(() => expect(button('Center').getAttribute('aria-pressed')).toBe('true'));
    expect(button('Align left').getAttribute('aria-pressed')).toBe('false');
    await user.click(button('Bulleted list'));
    await waitFor(() => expect(button('Bulleted list').getAttribute('aria-pressed')).toBe('true'));
  });

  it('takes a new value from outside without giving it back, and without an undo step', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<RichTextEditor label="Body" value={doc('English')} onChange={onChange} />);
    rerender(<RichTextEditor label="Body" value={doc('Español')} onChange={onChange} />);
    expect(text().textContent).toBe('Español');
    // A copy of the same text changes nothing.
    rerender(<RichTextEditor label="Body" value={doc('Español')} onChange={onChange} />);
    await act(async () => {});
    expect(onChange).not.toHaveBeenCalled();
    expect(button('Undo')).toHaveProperty('disabled', true);
  });

  it('moves between the toolbar’s controls with the arrow keys, one tab stop for all', async () => {
    const user = userEvent.setup();
    render(<Harness initial={doc('x')} seen={[]} />);
    const toolbar = screen.getByRole('toolbar');
    const stops = [...toolbar.querySelectorAll('[tabindex="0"]')];
    expect(stops).toHaveLength(1);
    await user.click(button('Italic'));
    // The command gives the focus back to the text (TipTap does it a moment later): wait for it, so it cannot take
    // the focus from the toolbar again once the keys below start.
    await waitFor(() => expect(document.activeElement).toBe(text()));
    // Back in the toolbar, the control used last keeps the tab stop.
    button('Italic').focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(button('Underline'));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(button('Bold'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(button('Insert variable'));
    expect(button('Insert variable').getAttribute('tabindex')).toBe('0');
  });

  it('cannot be edited when disabled', () => {
    render(<Harness initial={doc('x')} seen={[]} disabled />);
    expect(text().getAttribute('contenteditable')).toBe('false');
    expect(button('Bold')).toHaveProperty('disabled', true);
  });
});
