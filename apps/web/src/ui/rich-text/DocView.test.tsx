import type { DocContent } from '@parkade/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DocView } from './DocView';

const p = (text: string) => ({ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] });

describe('DocView', () => {
  it('shows a text that looks like markup as text: no element is made from it', () => {
    const { container } = render(
      <DocView
        doc={{
          type: 'doc',
          content: [p('<script>alert(1)</script>'), p('<img src=x onerror="alert(2)"> & <b>not bold</b>')],
        }}
      />,
    );
    expect(screen.getByText('<script>alert(1)</script>')).toBeInstanceOf(HTMLParagraphElement);
    expect(screen.getByText('<img src=x onerror="alert(2)"> & <b>not bold</b>')).toBeTruthy();
    expect(container.querySelector('script, img, b')).toBeNull();
  });

  it('renders headings under the page’s level, alignment, marks, line breaks and lists', () => {
    const doc: DocContent = {
      type: 'doc',
      content: [
        {
          type: 'heading',
          attrs: { level: 1, textAlign: 'center' },
          content: [{ type: 'text', text: 'Policies' }],
        },
        { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Guests' }] },
        {
          type: 'paragraph',
          attrs: { textAlign: 'right' },
          content: [
            {
              type: 'text',
              text: 'all',
              marks: [{ type: 'bold' }, { type: 'italic' }, { type: 'underline' }],
            },
            { type: 'hardBreak' },
            { type: 'text', text: 'plain' },
          ],
        },
        { type: 'bulletList', content: [{ type: 'listItem', content: [p('dot')] }] },
        { type: 'orderedList', attrs: { start: 4 }, content: [{ type: 'listItem', content: [p('four')] }] },
        { type: 'pageBreak' },
      ],
    };
    const { container } = render(<DocView doc={doc} headingLevel={3} />);
    const h1 = screen.getByRole('heading', { name: 'Policies' });
    expect(h1.tagName).toBe('H3');
    expect(getComputedStyle(h1).textAlign).toBe('center');
    expect(screen.getByRole('heading', { name: 'Guests' }).tagName).toBe('H5');

    const all = screen.getByText('all');
    for (const tag of ['strong', 'em', 'u']) expect(all.closest(tag)).toBeTruthy();
    const paragraph = all.closest('p')!;
    expect(paragraph.querySelector('br')).toBeTruthy();
    expect(paragraph.textContent).toBe('allplain');
    expect(getComputedStyle(paragraph).textAlign).toBe('right');

    expect(screen.getByText('dot').closest('ul')).toBeTruthy();
    const ol = screen.getByText('four').closest('ol')!;
    expect(ol.getAttribute('start')).toBe('4');
    expect(container.querySelector('hr')).toBeTruthy();
  });

  it('renders a table with its header row as the head, and its header cells as column headers', () => {
    const cell = (type: 'tableCell' | 'tableHeader', text: string) => ({ type, content: [p(text)] });
    render(
      <DocView
        doc={{
          type: 'doc',
          content: [
            {
              type: 'table',
              content: [
                { type: 'tableRow', content: [cell('tableHeader', 'Day'), cell('tableHeader', 'Hours')] },
                { type: 'tableRow', content: [cell('tableCell', 'Monday'), cell('tableCell', '8–18')] },
              ],
            },
          ],
        }}
      />,
    );
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Day', 'Hours']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Monday', '8–18']);
  });
});
