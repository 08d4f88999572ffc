/**
 * Conversations (shell §2–§4; DECISIONS.md Conversations and notifications): the message schemas
 * the web app and the API share, and (re-exported from `chat-rules.ts`) the shapes, events and
 * constants. Messages are locale keys.
 */
import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from './chat-rules';

export * from './chat-rules';

const body = z
  .string({ error: 'chat.validation.empty' })
  .trim()
  .min(1, 'chat.validation.empty')
  .max(MESSAGE_MAX_LENGTH, 'chat.validation.tooLong');

/** `POST /api/chat/threads/{id}/messages`. */
export const chatMessageSchema = z.object({ body }).strict();
export type ChatMessageInput = z.input<typeof chatMessageSchema>;

/**
 * `POST /api/chat/threads`: a buyer starts (or continues) the conversation about a deal; or the
 * deal's originator writes to a buyer the deal fits (`buyerId`, issue 13's matching buyers).
 */
export const startThreadSchema = z.object({ dealId: z.uuid(), body, buyerId: z.uuid().optional() }).strict();
export type StartThreadInput = z.input<typeof startThreadSchema>;
