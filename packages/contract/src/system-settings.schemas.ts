import { z } from 'zod';

/**
 * The platform's own settings (central area, one row): `GET /system-settings` (system-settings.index) and
 * `PUT /system-settings` (system-settings.edit), both answering the settings. Every key has a default; a PUT sends
 * every key.
 */
export const systemSettingsSchema = z.object({
  /**
   * Central staff must sign in with two factors: one who has not enrolled gets a session that can only enrol
   * (every other call answers 403 with code `two-factor-enrolment-required`). Off by default.
   */
  requireTwoFactorForCentralStaff: z.boolean('validation.boolean'),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const SYSTEM_SETTINGS_DEFAULTS: SystemSettings = { requireTwoFactorForCentralStaff: false };
