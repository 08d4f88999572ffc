/**
 * The unread-message e-mail (issue 7): a few minutes after a participant's message, if the other
 * side has not read the thread since, they are told through the outbox on the channels of their
 * notification settings — once per unread stretch: after one e-mail, the next waits until they have
 * read the thread again. Nothing is sent about a blocked thread.
 */
import { eq } from 'drizzle-orm';
import { personName } from '@dealclub/shared/format';
import type { Db } from '../../db/client';
import { chatMessages, chatThreads, deals, users } from '../../db/schema';
import { placeFor } from '../deals';
import type { Job } from '../jobs';
import { notifyUser } from '../outbox';

export function unreadEmailHandler(db: Db, origin: string) {
  return async (job: Job) => {
    const { threadId, messageId, recipientId } = job.payload as Record<string, string>;
    await db.transaction(async (tx) => {
      const [thread] = await tx.select().from(chatThreads).where(eq(chatThreads.id, threadId!)).for('update');
      const [message] = await tx.select().from(chatMessages).where(eq(chatMessages.id, messageId!));
      if (!thread || !message || thread.blockedAt) return;
      const isBuyer = thread.buyerId === recipientId;
      const readAt = isBuyer ? thread.buyerReadAt : thread.originatorReadAt;
      const emailedAt = isBuyer ? thread.buyerEmailedAt : thread.originatorEmailedAt;
      if (readAt && readAt >= message.createdAt) return;
      // `emailedAt` is the time of the message last e-mailed about: if the reader has not read up to
      // it, this stretch of unread messages was already announced.
      if (emailedAt && (!readAt || emailedAt > readAt)) return;
      const [recipient] = await tx.select().from(users).where(eq(users.id, recipientId!));
      const [sender] = message.senderId
        ? await tx.select().from(users).where(eq(users.id, message.senderId))
        : [];
      const [deal] = await tx.select().from(deals).where(eq(deals.id, thread.dealId));
      if (!recipient || !deal || !recipient.isActive) return;
      await notifyUser(
        tx,
        recipient,
        'chat_unread',
        { subject: 'email.chatUnreadSubject', body: 'email.chatUnreadBody' },
        () => ({
          sender: sender ? personName(sender) : '',
          place: placeFor(recipient, deal),
          message: message.body,
          link: `${origin}/chat/${thread.id}`,
        }),
      );
      await tx
        .update(chatThreads)
        .set(isBuyer ? { buyerEmailedAt: message.createdAt } : { originatorEmailedAt: message.createdAt })
        .where(eq(chatThreads.id, thread.id));
    });
  };
}
