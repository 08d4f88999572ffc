/** The counter-offer schema as a form resolver: a chunk of its own (lib/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import { counterFormSchema } from '@dealclub/shared/counters';
import type { OfferType } from '@dealclub/shared/offer-rules';

export const counterResolverFor = (type: OfferType) => zodResolver(counterFormSchema(type));
