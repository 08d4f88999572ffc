/** The sign-in form's schema (the API's own) as a form resolver: a chunk of its own, loaded by sign-in.tsx. */
import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema } from '@dealclub/shared/auth';

export const signInResolver = zodResolver(signInSchema);
