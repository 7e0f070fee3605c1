import { USERNAME_PATTERN, type Permission, type UserItem } from '@parkade/contract';
import { describe, expect, it } from 'vitest';
import { grantable } from './RoleInput';
import { describeUserAgent, invitationState, userActions, usernameFrom } from './user-state';

const NOW = Date.parse('2025-06-10T12:00:00Z');
const invitation = (over: Partial<NonNullable<UserItem['invitation']>> = {}) => ({
  sentAt: '2025-06-09T12:00:00Z',
  expiresAt: '2025-06-16T12:00:00Z',
  acceptedAt: null,
  linkKept: false,
  ...over,
});
const everything = () => true;
const only =
  (...held: Permission[]) =>
  (p: Permission) =>
    held.includes(p);

describe('invitation state', () => {
  it('is pending until it expires, then expired; accepted once used; none for a user never invited', () => {
    expect(invitationState({ invitation: invitation() }, NOW)).toBe('pending');
    expect(invitationState({ invitation: invitation({ expiresAt: '2025-06-10T12:00:00Z' }) }, NOW)).toBe(
      'expired',
    );
    // Accepted before it would have expired: accepted, whatever the date now.
    expect(
      invitationState(
        { invitation: invitation({ expiresAt: '2025-06-01T00:00:00Z', acceptedAt: '2025-05-30T00:00:00Z' }) },
        NOW,
      ),
    ).toBe('accepted');
    expect(invitationState({ invitation: null }, NOW)).toBe('none');
  });
});

describe('what staff may do to a user', () => {
  it('offers resending and deleting only while the invitation is not accepted', () => {
    const invited = userActions({ status: 'invited', invitation: invitation() }, everything);
    expect(invited).toMatchObject({
      resendInvitation: true,
      delete: true,
      deactivate: false,
      reactivate: false,
      passwordReset: false,
      seeSessions: false,
    });
  });

  it('offers copying the invitation link while it is pending and its mail undelivered, to whoever may invite', () => {
    const kept = invitation({ linkKept: true });
    const copy = (inv: ReturnType<typeof invitation>, can = everything as (p: Permission) => boolean) =>
      userActions({ status: 'invited', invitation: inv }, can, false, NOW).copyInvitationLink;
    expect(copy(kept)).toBe(true);
    // Delivered by mail: the link is not kept.
    expect(copy(invitation())).toBe(false);
    expect(copy(invitation({ linkKept: true, expiresAt: '2025-06-10T12:00:00Z' }))).toBe(false);
    expect(copy(kept, only('users.show', 'users.edit'))).toBe(false);
    expect(copy(kept, only('users.create'))).toBe(true);
  });

  it('offers password reset and deactivation to an active user, reactivation to an inactive one', () => {
    const accepted = invitation({ acceptedAt: '2025-06-09T13:00:00Z' });
    const active = userActions({ status: 'active', invitation: accepted }, everything);
    expect(active).toMatchObject({
      resendInvitation: false,
      delete: false,
      deactivate: true,
      reactivate: false,
      passwordReset: true,
      seeSessions: true,
      endSessions: true,
    });
    const inactive = userActions({ status: 'inactive', invitation: accepted }, everything);
    expect(inactive).toMatchObject({
      deactivate: false,
      reactivate: true,
      passwordReset: false,
      delete: false,
    });
  });

  it('never offers users their own deactivation or deletion', () => {
    expect(
      userActions({ status: 'active', invitation: null, twoFactorEnabled: true }, everything).resetTwoFactor,
    ).toBe(true);
    expect(
      userActions({ status: 'active', invitation: null, twoFactorEnabled: true }, everything, true)
        .resetTwoFactor,
    ).toBe(false);
    expect(
      userActions({ status: 'active', invitation: null, twoFactorEnabled: false }, everything).resetTwoFactor,
    ).toBe(false);
    expect(userActions({ status: 'active', invitation: null }, everything, true).deactivate).toBe(false);
    expect(userActions({ status: 'invited', invitation: invitation() }, everything, true).delete).toBe(false);
  });

  it('follows the permissions held: users.show sees sessions, users.edit acts, users.create invites, users.delete deletes', () => {
    const reader = userActions({ status: 'active', invitation: null }, only('users.show'));
    expect(reader).toMatchObject({
      seeSessions: true,
      endSessions: false,
      deactivate: false,
      passwordReset: false,
      edit: false,
    });
    const invitedForDeleter = userActions(
      { status: 'invited', invitation: invitation() },
      only('users.delete'),
    );
    expect(invitedForDeleter).toMatchObject({ delete: true, resendInvitation: false });
    const inviter = userActions({ status: 'invited', invitation: invitation() }, only('users.create'));
    expect(inviter).toMatchObject({ resendInvitation: true, delete: false, edit: false });
  });
});

describe('a role the signed-in user may give', () => {
  it('is one whose every permission they hold', () => {
    expect(
      grantable({ permissions: ['users.index', 'users.show'] }, ['users.index', 'users.show', 'x.y']),
    ).toBe(true);
    expect(grantable({ permissions: ['users.index', 'system-settings.edit'] }, ['users.index'])).toBe(false);
    expect(grantable({ permissions: [] }, [])).toBe(true);
  });
});

describe('a session described by its user agent', () => {
  it('names the browser with its version and the system', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 126 · Windows');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 · iPhone');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      ),
    ).toBe('Edge 126 · macOS');
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0')).toBe(
      'Firefox 127 · Linux',
    );
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
      ),
    ).toBe('Chrome 126 · Android');
  });

  it('keeps an agent it cannot read, shortened, and has nothing for none', () => {
    expect(describeUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(describeUserAgent('x'.repeat(80))).toHaveLength(58);
    expect(describeUserAgent(null)).toBeNull();
    expect(describeUserAgent('  ')).toBeNull();
  });
});

describe('the username suggested from a full name', () => {
  it('is the name in lower-case Latin letters, words joined by dots, and passes the username format', () => {
    for (const [name, username] of [
      ['Maria Gomez', 'maria.gomez'],
      ["José O'Neil-Park", 'jose.oneil.park'],
      ['  Ann   Lee  ', 'ann.lee'],
      ['Zoë Ångström 2nd', 'zoe.angstrom.2nd'],
    ] as const) {
      expect(usernameFrom(name)).toBe(username);
      expect(USERNAME_PATTERN.test(usernameFrom(name))).toBe(true);
    }
  });

  it('is empty for a name without Latin letters, and never longer than the format allows', () => {
    expect(usernameFrom('王小明')).toBe('');
    const long = usernameFrom(`${'a'.repeat(63)} b`);
    expect(long.length).toBeLessThanOrEqual(64);
    expect(USERNAME_PATTERN.test(long)).toBe(true);
  });
});
