/** The interest and offer schemas as form resolvers: a chunk of their own (lib/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import { interestSchema, offerSchema } from '@dealclub/shared/offers';

export const interestResolver = zodResolver(interestSchema);
export const offerSchemaResolver = zodResolver(offerSchema);
