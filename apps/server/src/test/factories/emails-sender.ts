import { emailSendRecipients, emailSends } from '../../modules/emails-sender/table';
import type { RouteFixture } from './types';

/**
 * Route harness: a finished bulk send of the owner's property with one failed recipient (so "resend to failed" has
 * work; a cancel of a finished send answers 409, which is not 404).
 */
export const emailSendFixture: RouteFixture = {
  async create(scope, owner) {
    const { tx, propertyId } = scope;
    const [send] = await tx
      .insert(emailSends)
      .values({
        propertyId,
        state: 'done',
        subject: 'Garage closed',
        texts: { en: { subject: 'Garage closed', body: 'Closed on Monday.' } },
        filters: {},
        attachments: [],
        ratePerMinute: 600,
        finishedAt: new Date(),
      })
      .returning();
    await tx.insert(emailSendRecipients).values({
      propertyId,
      sendId: send!.id,
      residentId: owner.userId || 1,
      email: 'refused@residents.test',
      name: 'Refused Resident',
      language: 'en',
      state: 'failed',
      attempts: 2,
      error: '550 Mailbox unavailable',
    });
    return { id: send!.id };
  },
};
