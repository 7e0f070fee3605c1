import { ALL_PERMISSIONS, PERMISSION_CATALOGUE } from '@parkade/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import '../../platform/i18n';
import { permissionGroups, selectAllState, toggleAll } from './permission-groups';
import { PermissionPicker } from './PermissionPicker';

function Value() {
  const value = useWatch({ name: 'permissions' }) as string[];
  return <output aria-label="value">{[...value].sort().join(' ')}</output>;
}

function Harness({ initial = [], held }: { initial?: string[]; held: (p: string) => boolean }) {
  const form = useForm<{ permissions: string[] }>({ defaultValues: { permissions: initial } });
  return (
    <FormProvider {...form}>
      <PermissionPicker held={held} />
      <Value />
    </FormProvider>
  );
}

const value = () =>
  (screen.getByRole('status', { name: 'value' }).textContent ?? '').split(' ').filter(Boolean);
const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
const everyone = () => true;

describe('the permission picker', () => {
  it('has one group per resource with actions, every permission of the catalogue once', () => {
    const groups = permissionGroups();
    expect(groups.flatMap((g) => g.permissions.map((p) => p.permission)).sort()).toEqual(
      [...ALL_PERMISSIONS].sort(),
    );
    expect(groups.find((g) => g.resource === 'roles')?.labelKey).toBe('shell.nav.roles');
    expect(groups.find((g) => g.resource === 'floors')?.labelKey).toBe('permissions.resources.floors');
  });

  it('selects and clears one group with its own box, indeterminate when partly chosen', async () => {
    const user = userEvent.setup();
    render(<Harness held={everyone} initial={['buildings.index']} />);
    const group = box('Select all: Buildings');
    expect(group.checked).toBe(false);
    expect(group.getAttribute('data-indeterminate')).toBe('true');
    await user.click(group);
    const buildings = PERMISSION_CATALOGUE.buildings.map((a) => `buildings.${a}`);
    expect(value()).toEqual([...buildings].sort());
    expect(box('Select all: Buildings').checked).toBe(true);
    await user.click(box('Select all: Buildings'));
    expect(value()).toEqual([]);
    // One permission by hand makes the group indeterminate again, and the global box too.
    await user.click(box('Buildings: Edit'));
    expect(value()).toEqual(['buildings.edit']);
    expect(box('Select all: Buildings').getAttribute('data-indeterminate')).toBe('true');
    expect(box('Select all permissions').getAttribute('data-indeterminate')).toBe('true');
  });

  it('selects everything with the global box, leaving out (disabled) what the user does not hold', async () => {
    const user = userEvent.setup();
    const held = (p: string) => !p.startsWith('system-settings.');
    render(<Harness held={held} initial={[]} />);
    expect(box('System settings: Edit').disabled).toBe(true);
    await user.click(box('Select all permissions'));
    expect(value()).toEqual(ALL_PERMISSIONS.filter(held).sort());
    expect(box('Select all permissions').checked).toBe(true);
    await user.click(box('Select all permissions'));
    expect(value()).toEqual([]);
  });

  it('keeps a permission it may not change when a group is cleared', () => {
    const names = ['a.x', 'a.y'];
    const grantable = (p: string) => p !== 'a.y';
    expect(toggleAll(['a.x', 'a.y'], names, grantable, false)).toEqual(['a.y']);
    expect(selectAllState(new Set(['a.x']), names, grantable)).toEqual({
      checked: true,
      indeterminate: false,
      disabled: false,
    });
    expect(selectAllState(new Set(), names, () => false).disabled).toBe(true);
  });
});
