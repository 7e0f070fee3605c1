import { LANGUAGES, type UserItem, type UserStatus } from '@parkade/contract';
import { Alert } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { nativeName } from '../../platform/language';
import {
  FieldGrid,
  FullRow,
  PhoneInput,
  ReadOnlyField,
  SelectInput,
  TextInput,
  useFormMode,
} from '../../ui/fields';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { StatusChip } from '../permits/PermitStatusChip';
import { usePhoneCountry } from '../residents/ResidentFields';
import { RoleInput } from './RoleInput';
import { UserStateBanner } from './UserPanel';
import { usernameFrom } from './user-state';
import { useScopeLanguages, useUsersScope } from './scope';

const STATUS_COLOUR: Record<UserStatus, 'success' | 'default' | 'info'> = {
  invited: 'info',
  active: 'success',
  inactive: 'default',
};

export function UserStatusChip({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return <StatusChip colour={STATUS_COLOUR[status]} label={t(`users.screens.status.${status}`)} />;
}

/**
 * A staff user's form: username, full name, email (the invitation goes there), phone (read in the property's
 * country), role and language (the property's languages). The create page says whose staff the invitation joins;
 * the show page adds the account's state.
 */
export function UserFields({ record }: { record?: UserItem }) {
  const { t } = useTranslation();
  const mode = useFormMode();
  const phoneCountry = usePhoneCountry();
  const suggestUsername = useUsernameSuggestion();
  return (
    <FieldGrid>
      {mode === 'create' && <InviteScopeNote />}
      {mode === 'show' && record && (
        <FullRow>
          <UserStateBanner user={record} />
        </FullRow>
      )}
      <TextInput
        name="fullName"
        label={t('users.screens.fullName')}
        required
        onValueChange={suggestUsername}
      />
      <TextInput
        name="username"
        label={t('users.screens.username')}
        required
        helperText={t('users.screens.usernameHint')}
        textFieldProps={{ autoComplete: 'off', slotProps: { htmlInput: { autoCapitalize: 'none' } } }}
      />
      <TextInput
        name="email"
        label={t('users.screens.email')}
        required
        helperText={mode === 'create' ? t('users.screens.emailHint') : undefined}
        textFieldProps={{ type: 'email', autoComplete: 'off' }}
      />
      <PhoneInput
        name="phone"
        label={t('users.screens.phone')}
        helperText={t('residents.phoneHint')}
        country={phoneCountry}
      />
      <RoleInput label={t('users.screens.role')} current={record?.role ?? null} />
      <LanguageInput />
      {mode === 'show' && record && <AccountState user={record} />}
    </FieldGrid>
  );
}

/**
 * On the invite form, the username follows the full name as it is typed (usernameFrom) until the inviter types a
 * username of their own.
 */
function useUsernameSuggestion() {
  const mode = useFormMode();
  const { getValues, setValue } = useFormContext();
  const suggested = useRef('');
  return (fullName: string) => {
    if (mode !== 'create') return;
    const current = (getValues('username') as string | undefined) ?? '';
    if (current && current !== suggested.current) return;
    suggested.current = usernameFrom(fullName);
    setValue('username', suggested.current, { shouldDirty: true });
  };
}

/** The user's language: one of the scope's languages; a new user starts with the first of them. */
function LanguageInput() {
  const { t } = useTranslation();
  const mode = useFormMode();
  const languages = useScopeLanguages();
  const { setValue } = useFormContext();
  const value = useWatch({ name: 'language' }) as string | undefined;
  useEffect(() => {
    if (mode === 'create' && languages.length && !languages.includes(value as never))
      setValue('language', languages[0]);
  }, [mode, languages, value, setValue]);
  return (
    <SelectInput
      name="language"
      label={t('users.screens.language')}
      required
      helperText={mode === 'show' ? undefined : t('users.screens.languageHint')}
      options={(mode === 'show' ? LANGUAGES : languages).map((l) => ({ value: l, label: nativeName(l) }))}
    />
  );
}

/** On the invite form: whose staff the new user joins (centrally it depends on the property selected). */
function InviteScopeNote() {
  const { t } = useTranslation();
  const scope = useUsersScope();
  return (
    <FullRow>
      <Alert severity="info">
        {scope.kind === 'central'
          ? t('users.screens.inviteCentral')
          : t('users.screens.inviteProperty', { property: scope.name })}
      </Alert>
    </FullRow>
  );
}

/** The show page's account lines: status, last sign-in, last password reset, two-factor sign-in. */
function AccountState({ user }: { user: UserItem }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  return (
    <>
      <ReadOnlyField label={t('users.screens.statusLabel')}>
        <UserStatusChip status={user.status} />
      </ReadOnlyField>
      <ReadOnlyField label={t('users.screens.lastLogin')}>
        {user.lastLoginAt ? formatDateTime(user.lastLoginAt, locale) : t('users.screens.never')}
      </ReadOnlyField>
      {/* Nothing to say about passwords before the user has one. */}
      {user.status !== 'invited' && (
        <>
          <ReadOnlyField label={t('users.screens.recovery')}>
            {user.recoveryAt ? formatDateTime(user.recoveryAt, locale) : t('users.screens.never')}
          </ReadOnlyField>
          <ReadOnlyField label={t('users.screens.twoFactor')}>
            {user.twoFactorEnabled ? t('users.screens.twoFactorOn') : t('users.screens.twoFactorOff')}
          </ReadOnlyField>
        </>
      )}
    </>
  );
}
