import { describe, expect, it } from 'vitest';
import {
  OPTION_SOURCE_NAMES,
  OPTION_SOURCES,
  optionsPath,
  optionsPermissions,
  optionsRead,
  type OptionSource,
  type OptionsDecl,
} from './options';
import { isPermission } from './permissions';
import { RESOURCES } from './registry';
import { ROUTE_PERMISSIONS } from './routes';
import { visitorsResource } from './visitors';

/**
 * A form's pickers are served under the form's own permission (issue 36 §3, decision 0039). The web's pickers can
 * only read a source their resource declares (`optionsRead` is typed by the declaration; RecordInput takes nothing
 * else but the resident's own /my lists), the server mounts one read per declaration with exactly these
 * permissions (options.test.ts on the server) and the route harness proves them: so this is where a form's picker
 * is held to a read its users may make.
 */
const forms = RESOURCES.flatMap((r) =>
  Object.entries(('options' in r ? (r.options as OptionsDecl) : undefined) ?? {}).map(
    ([source, actions]) => ({
      resource: r,
      source: source as OptionSource,
      actions: actions,
    }),
  ),
);

describe('the options reads of the forms', () => {
  it('are declared by the forms that pick another resource’s rows', () => {
    const declaring = new Set(forms.map((f) => f.resource.name));
    for (const name of [
      'visitors',
      'vehicles',
      'permits',
      'banned-vehicles',
      'units',
      'residents',
      'properties',
      'models',
      'permit-warnings',
      'vehicle-tows',
    ])
      expect(declaring, name).toContain(name);
  });

  it('name known sources and actions of their own resource', () => {
    for (const f of forms) {
      expect(OPTION_SOURCE_NAMES, `${f.resource.name}: ${f.source}`).toContain(f.source);
      expect(f.actions.length, `${f.resource.name}/${f.source} is read by no one`).toBeGreaterThan(0);
      for (const a of f.actions)
        expect(f.resource.actions as readonly string[], `${f.resource.name}.${a}`).toContain(a);
    }
  });

  it("serve every reference picker of every form under the form's own permission", () => {
    for (const f of forms) {
      const allowed = optionsPermissions(f.resource, f.source);
      // Whoever holds one of the form's permissions alone — a custom role with only the form's resource — reads it.
      for (const a of f.actions) {
        const permission = `${f.resource.name}.${a}`;
        expect(isPermission(permission), permission).toBe(true);
        expect(allowed, `${optionsPath(f.resource.name, f.source)} for ${permission}`).toContain(permission);
      }
      // …and nobody else: a read of another resource's rows stays within the form's users.
      expect(allowed.every((p) => p.startsWith(`${f.resource.name}.`))).toBe(true);
    }
  });

  it("let the permission of a form's create page read every one of its pickers", () => {
    for (const f of forms) {
      const creates = Object.entries(ROUTE_PERMISSIONS).some(
        ([path, p]) => path.endsWith('/create') && p === `${f.resource.name}.create`,
      );
      if (creates) expect(f.actions, `${f.resource.name}/${f.source}`).toContain('create');
    }
  });

  it('narrow by the filters their source declares', () => {
    expect(OPTION_SOURCES.models.filters).toEqual(['makeId']);
    expect(OPTION_SOURCES.units.filters).toContain('residentId');
    expect(optionsRead(visitorsResource, 'models')).toEqual({
      path: '/visitors/options/models',
      source: 'models',
    });
  });
});
