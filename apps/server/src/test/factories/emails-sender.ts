import { customEmailTemplates } from '../../modules/email-templates/table';
import { emailSendRecipients, emailSends } from '../../modules/emails-sender/table';
import type { RouteFixture } from './types';

/**
 * Route harness: a finished bulk send of the owner's property whose one recipient was sent to. The owner's cancel and
 * "resend to failed" answer 409 (nothing to do), which is not 404 — and start no job that would go on changing the
 * property's rows while the harness compares them.
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
      email: 'reached@residents.test',
      name: 'Reached Resident',
      language: 'en',
      state: 'sent',
      attempts: 1,
      sentAt: new Date(),
    });
    return { id: send!.id };
  },
};

let made = 0;

/** Route harness: one of the property's own email templates (English only, as a property of one language has it). */
export const customTemplateFixture: RouteFixture = {
  async create({ tx, propertyId }) {
    const [row] = await tx
      .insert(customEmailTemplates)
      .values({
        propertyId,
        name: `Garage closed ${++made}`,
        texts: { en: { subject: 'Garage closed', body: 'Hi {{name}}' } },
      })
      .returning();
    return { id: row!.id };
  },
  async body() {
    return {
      name: `Garage closed again ${++made}`,
      texts: { en: { subject: 'Garage closed', body: 'Hi {{name}}' } },
    };
  },
};
