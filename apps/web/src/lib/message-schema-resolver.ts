/** The chat message schema (the API's own) as a form resolver: a chunk of its own, loaded by message-resolver.ts. */
import { zodResolver } from '@hookform/resolvers/zod';
import { chatMessageSchema } from '@dealclub/shared/chat';

export const messageSchemaResolver = zodResolver(chatMessageSchema);
