import { ROLES, type RoleName } from './constants';
import { ALL_PERMISSIONS, PERMISSION_CATALOGUE, ROLE_PERMISSIONS } from './permissions';

/** What each built-in role is for, in one line. */
export const ROLE_PURPOSES: Record<RoleName, string> = {
  admin: 'everything, in both areas: the platform operator',
  manager:
    "runs a property: everything of the property, including its staff (users and the property's own roles), " +
    'nothing that belongs to the platform',
  assistant:
    'front desk: residents, vehicles, visitors, permits and reservations day to day; no deletions, approvals, ' +
    'imports, exports or settings',
  'office-dispatcher':
    'visitors and enforcement paperwork: visitors, banned vehicles, spot reports; reads residents, vehicles, ' +
    'permits and the map',
  'parking-inspector':
    'patrols: check-in/out, patrol reports, looks up plates and permits, resolves spot reports; lands on ' +
    '`/patrolling`',
};

const pad = (cells: string[], widths: number[]) =>
  `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, 3, ...rows.map((r) => r[i]!.length)));
  return [pad(head, widths), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`]
    .concat(rows.map((r) => pad(r, widths)))
    .join('\n');
}

/** The tables of docs/roles-and-permissions.md's seeded roles, from ROLE_PERMISSIONS (scripts/roles-doc.mjs). */
export function rolesDocTables(): string {
  const summary = table(
    ['role', 'count', 'what it is for'],
    ROLES.map((r) => [`**${r}**`, String(ROLE_PERMISSIONS[r].length), ROLE_PURPOSES[r]]),
  );
  const others = ROLES.filter((r) => r !== 'admin');
  const rows = Object.entries(PERMISSION_CATALOGUE)
    .filter(([, actions]) => actions.length > 0)
    .map(([resource, actions]) => [
      `\`${resource}\``,
      ...others.map((role) => {
        const held = (actions as readonly string[]).filter((a) =>
          (ROLE_PERMISSIONS[role] as string[]).includes(`${resource}.${a}`),
        );
        return held.length === actions.length ? 'all' : held.length ? held.join(', ') : '–';
      }),
    ]);
  return [
    `${ALL_PERMISSIONS.length} permissions in all.`,
    '',
    summary,
    '',
    'Per resource, for the four roles other than admin (`all` = every action of the resource, `–` = none):',
    '',
    table(['resource', ...others], rows),
    '',
  ].join('\n');
}
