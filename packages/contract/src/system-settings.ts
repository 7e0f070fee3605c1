import { defineResource } from './resource';

/** The platform's own settings (central: two-factor sign-in mandatory for central staff). */
export const systemSettingsResource = defineResource({
  name: 'system-settings',
  actions: ['index', 'edit'],
  audited: { system_settings: {} },
});
