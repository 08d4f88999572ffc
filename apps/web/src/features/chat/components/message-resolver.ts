/** The chat message schema as a form resolver: a chunk of its own (lib/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import { chatMessageSchema } from '@dealclub/shared/chat';

export const chatMessageResolver = zodResolver(chatMessageSchema);
