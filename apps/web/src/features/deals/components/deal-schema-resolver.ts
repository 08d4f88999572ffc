/** The deal's schema (the API's own, `dealSchema`) as a form resolver: a chunk of its own, loaded by form-values.ts. */
import { zodResolver } from '@hookform/resolvers/zod';
import { dealSchema } from '@dealclub/shared/deals';

export const dealSchemaResolver = zodResolver(dealSchema);
