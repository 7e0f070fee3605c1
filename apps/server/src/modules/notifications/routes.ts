import { idParams, notificationsResponse, notificationsUnreadResponse } from '@parkade/contract';
import { defineRoute } from '../../platform/http';
import * as notifications from './service';

const tags = ['notifications'];

/**
 * The bell (decision 0048): every signed-in user reads and marks their own notifications; what each may see is
 * decided by the service (addressed to them, or their permissions' audience on the property).
 */
export const notificationsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/notifications',
    areas: ['central', 'tenant'],
    access: 'authenticated',
    tags,
    summary:
      "The signed-in user's newest notifications (50, of the last 90 days), each with kind, params, link and read, " +
      'and the unread count. Addressed ones, and for property staff the ones of kinds their permissions open.',
    schema: { response: { 200: notificationsResponse } },
    handler: (ctx) => notifications.list(ctx),
  }),
  defineRoute({
    method: 'GET',
    url: '/notifications/unread',
    areas: ['central', 'tenant'],
    access: 'authenticated',
    tags,
    summary: 'How many of the signed-in user’s notifications are unread (the bell polls it).',
    schema: { response: { 200: notificationsUnreadResponse } },
    handler: (ctx) => notifications.unread(ctx),
  }),
  defineRoute({
    method: 'POST',
    url: '/notifications/:id/read',
    areas: ['central', 'tenant'],
    access: 'authenticated',
    tags,
    summary:
      'Marks one notification read for the signed-in user; one they cannot see → 404. Answers the unread count.',
    schema: { params: idParams, response: { 200: notificationsUnreadResponse } },
    handler: (ctx, { params }) => notifications.readOne(ctx, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/notifications/read-all',
    areas: ['central', 'tenant'],
    access: 'authenticated',
    tags,
    summary: 'Marks every notification of the signed-in user read. Answers the unread count (0).',
    schema: { response: { 200: notificationsUnreadResponse } },
    handler: (ctx) => notifications.readAll(ctx),
  }),
];
