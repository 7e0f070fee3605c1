import { z } from 'zod';
import { NOTIFICATION_KIND_KEYS } from './notifications';

/** One notification as the bell lists it: its text is `notifications.kind.<kind>` with `params`. */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KIND_KEYS),
  recordId: z.number().int().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  href: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /notifications`: the newest (NOTIFICATION_LIST_MAX) of the last NOTIFICATION_DAYS days, and the unread count. */
export const notificationsResponse = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int().nonnegative(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

export const notificationsUnreadResponse = z.object({ unread: z.number().int().nonnegative() });
export type NotificationsUnreadResponse = z.infer<typeof notificationsUnreadResponse>;
