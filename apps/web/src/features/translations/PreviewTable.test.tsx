import type { TranslationChange } from '@parkade/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../platform/i18n';
import { PreviewTable } from './PreviewTable';

const change = (key: string, language: string, kind: TranslationChange['kind'], row: number) => ({
  key,
  language,
  kind,
  old: `${key} before`,
  new: `${key} after`,
  row,
});

const changes: TranslationChange[] = [
  change('a.one', 'en', 'changed', 2),
  change('a.one', 'es', 'emptied', 2),
  change('b.two', 'zh', 'changed', 3),
  change('c.three', 'es', 'changed', 4),
];

const keys = () =>
  within(screen.getByRole('table', { name: 'Changes' }))
    .getAllByRole('row')
    .slice(1)
    .map(
      (r) =>
        within(r).getAllByRole('cell')[1]!.textContent + ' ' + within(r).getAllByRole('cell')[2]!.textContent,
    );

describe('the translations preview table (decision 0046)', () => {
  it('shows every change, before → after, and filters by language and by kind', async () => {
    const user = userEvent.setup();
    render(<PreviewTable changes={changes} />);
    expect(keys()).toEqual(['a.one en', 'a.one es', 'b.two zh', 'c.three es']);
    expect(screen.getByText('b.two before')).toBeTruthy();
    expect(screen.getByText('b.two after')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(screen.getByRole('option', { name: 'Español (2)' }));
    expect(keys()).toEqual(['a.one es', 'c.three es']);
    await user.click(screen.getByRole('combobox', { name: 'Kind of change' }));
    await user.click(screen.getByRole('option', { name: /^Emptied/ }));
    expect(keys()).toEqual(['a.one es']);
  });
});
