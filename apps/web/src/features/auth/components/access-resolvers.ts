/**
 * The sign-up and request-access forms' schemas (the API's own) as form resolvers: a chunk of their
 * own, loaded when the form is first focused or checked (lib/lazy-resolver.ts), not with the screen.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { requestAccessSchema, signUpFormSchema } from '@dealclub/shared/access';

export const signUpResolver = zodResolver(signUpFormSchema);
export const requestAccessResolver = zodResolver(requestAccessSchema);
