/**
 * A few demo feedback items (issue 16), so the admin panel's Feedback tab has something to filter,
 * read and resolve in demo mode: from the widget (signed-in demo users, with the page they were
 * on), from `/feedback` signed out with an address, and from `/owners-feedback`. No screenshots:
 * those are only ever what a user uploaded.
 */
import { count, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedback, users } from '../../db/schema';
import type { Seed } from '../../db/seed';
import { createFeedback, type NewFeedback } from './service';

type DemoFeedback = Omit<NewFeedback, 'userId' | 'screenshotKey'> & { sender: string | null };

export const DEMO_FEEDBACK: DemoFeedback[] = [
  {
    sender: 'buyer@demo.test',
    type: 'bug',
    comment: 'The map on the deals page stays blank when I filter by Texas.',
    page: '/deals?state=TX',
    source: 'widget',
    email: null,
    language: 'en',
  },
  {
    sender: 'hybrid@demo.test',
    type: 'idea',
    comment: 'It would help to compare two subject-to deals side by side before making an offer.',
    page: '/deals',
    source: 'widget',
    email: null,
    language: 'en',
  },
  {
    sender: 'seller@demo.test',
    type: 'question',
    comment: '¿Puedo cambiar la fecha de cierre después de aceptar una oferta?',
    page: '/dashboard',
    source: 'widget',
    email: null,
    language: 'es',
  },
  {
    sender: null,
    type: 'other',
    comment: 'I heard about DealClub at a meetup. When will invitations open in Florida?',
    page: '/feedback',
    source: 'page',
    email: 'visitor@example.com',
    language: 'en',
  },
  {
    sender: null,
    type: 'idea',
    comment: 'Owners would love a monthly summary of buyer interest in their area.',
    page: '/owners-feedback',
    source: 'owners',
    email: null,
    language: 'en',
  },
];

export const demoFeedbackSeed: Seed = {
  name: 'demo-feedback',
  async run(db: Db) {
    const [existing] = await db.select({ n: count() }).from(feedback);
    if ((existing?.n ?? 0) > 0) return;
    const senders = DEMO_FEEDBACK.flatMap((item) => (item.sender ? [item.sender] : []));
    const rows = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, senders));
    const idOf = new Map(rows.map((row) => [row.email, row.id]));
    for (const { sender, ...item } of DEMO_FEEDBACK) {
      const userId = sender ? (idOf.get(sender) ?? null) : null;
      // A widget item without its demo sender (accounts not seeded) would read as anonymous.
      if (sender && !userId) continue;
      await createFeedback(db, { ...item, userId, screenshotKey: null });
    }
  },
  summary: [
    "Feedback: five demo items (widget, /feedback, /owners-feedback) in the admin panel's Feedback tab.",
  ],
};
