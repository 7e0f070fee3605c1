import { USERNAME_MAX, type Permission, type UserItem, type UserStatus } from '@parkade/contract';

/**
 * Where a user's invitation stands: `pending` (sent, not used, not expired), `expired` (sent, not used, past its
 * date: resend it), `accepted` (the password was set from it), `none` (never invited: a seeded or older account).
 */
export type InvitationState = 'none' | 'pending' | 'expired' | 'accepted';

export function invitationState(user: Pick<UserItem, 'invitation'>, now = Date.now()): InvitationState {
  const inv = user.invitation;
  if (!inv) return 'none';
  if (inv.acceptedAt) return 'accepted';
  return new Date(inv.expiresAt).getTime() <= now ? 'expired' : 'pending';
}

/** What staff may do to a user from the user's page, by the user's state and the permissions held. */
export interface UserActions {
  resendInvitation: boolean;
  /** Copy the pending invitation's link: its mail was not delivered, so the link is still kept (decision 0039 §4). */
  copyInvitationLink: boolean;
  deactivate: boolean;
  reactivate: boolean;
  passwordReset: boolean;
  /** Only an invitation nobody accepted is withdrawn by deleting the user; others are deactivated. */
  delete: boolean;
  edit: boolean;
  /** See the user's sessions; end them (an active user: an invited or deactivated one has none). */
  seeSessions: boolean;
  endSessions: boolean;
  /** Turn off someone else's two-factor sign-in (a lost phone, or turned on by a stolen session). */
  resetTwoFactor: boolean;
}

export function userActions(
  user: Pick<UserItem, 'status' | 'invitation'> & { twoFactorEnabled?: boolean },
  can: (p: Permission) => boolean,
  self = false,
  now = Date.now(),
): UserActions {
  const edit = can('users.edit');
  const accepted = user.invitation?.acceptedAt != null;
  const status: UserStatus = user.status;
  return {
    // Resending is inviting again: users.create, as the first invitation.
    resendInvitation: can('users.create') && status === 'invited',
    copyInvitationLink:
      can('users.create') &&
      status === 'invited' &&
      user.invitation?.linkKept === true &&
      invitationState(user, now) === 'pending',
    // Nobody deactivates themselves from here (they would be signed out at once).
    deactivate: edit && !self && status === 'active',
    reactivate: edit && status === 'inactive',
    passwordReset: edit && status === 'active',
    delete: can('users.delete') && !self && status === 'invited' && !accepted,
    edit,
    seeSessions: can('users.show') && status === 'active',
    endSessions: edit && status === 'active',
    resetTwoFactor: edit && !self && user.twoFactorEnabled === true,
  };
}

/**
 * A session's device in a few words, from its user agent: "Chrome 126 · Windows", "Safari · iPhone". Unknown
 * agents show as they are (shortened); none at all is null.
 */
export function describeUserAgent(ua: string | null | undefined): string | null {
  if (!ua?.trim()) return null;
  const browser = browserOf(ua);
  const system = systemOf(ua);
  if (!browser && !system) return ua.length > 60 ? `${ua.slice(0, 57)}…` : ua;
  return [browser, system].filter(Boolean).join(' · ');
}

function browserOf(ua: string): string | null {
  const rules: [RegExp, string][] = [
    [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
    [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
    [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  ];
  for (const [re, name] of rules) {
    const m = re.exec(ua);
    if (m) return `${name} ${m[1]}`;
  }
  return null;
}

function systemOf(ua: string): string | null {
  if (/iPhone/.test(ua)) return 'iPhone';
  if (/iPad/.test(ua)) return 'iPad';
  if (/Android/.test(ua)) return 'Android';
  if (/Windows/.test(ua)) return 'Windows';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/Linux/.test(ua)) return 'Linux';
  return null;
}

/**
 * A username suggested from a full name (the invite form fills it in until the user types their own): lower-case
 * Latin letters and digits, accents dropped, words joined by dots — "José O'Neil-Park" → "jose.oneil.park". Empty
 * when the name has no Latin letters or digits (a name in Chinese): the inviter chooses one.
 */
export function usernameFrom(fullName: string): string {
  const plain = fullName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '');
  return plain
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '')
    .slice(0, USERNAME_MAX)
    .replace(/\.+$/, '');
}
