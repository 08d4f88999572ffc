/**
 * The resolver of every form that writes a chat message (a conversation's reply box, "Message the
 * seller" on a deal's page): the message's schema is loaded when the form is first checked, not
 * with the screen (lib/lazy-resolver.ts); `preload` on the form's first focus.
 */
import type { ChatMessageInput } from '@dealclub/shared/chat';
import { lazyResolver } from './lazy-resolver';

export const messageResolver = lazyResolver<ChatMessageInput>(() =>
  import('./message-schema-resolver').then((m) => m.messageSchemaResolver),
);
