/** The test message's schema as a form resolver: a chunk of its own (lib/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import { outboxTestSchema } from '@dealclub/shared/outbox';

export const outboxTestResolver = zodResolver(outboxTestSchema);
