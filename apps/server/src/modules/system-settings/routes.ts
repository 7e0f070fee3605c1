import { systemSettingsSchema } from '@parkade/contract';
import { defineRoute } from '../../platform/http';
import { readSystemSettings, writeSystemSettings } from './service';

const tags = ['system-settings'];

/** The platform's own settings: central only. */
export const systemSettingsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/system-settings',
    areas: ['central'],
    access: 'system-settings.index',
    tags,
    summary:
      'The platform settings (two-factor sign-in mandatory for central staff), every default filled in',
    schema: { response: { 200: systemSettingsSchema } },
    handler: (ctx) => readSystemSettings(ctx.tx),
  }),
  defineRoute({
    method: 'PUT',
    url: '/system-settings',
    areas: ['central'],
    access: 'system-settings.edit',
    tags,
    summary: 'Changes the platform settings (every key is sent); audited',
    schema: { body: systemSettingsSchema, response: { 200: systemSettingsSchema } },
    handler: (ctx, { body }) => writeSystemSettings(ctx, body),
  }),
];
