/**
 * The Profile tab's form (core §2, §5), and (re-exported) the profile-completion rules.
 */
import { z } from 'zod';
import { phoneField } from './access';

export * from './profile-rules';

const name = (message: string) => z.string({ error: message }).trim().min(1, message).max(80, message);

export const profileSchema = z.object({
  firstName: name('access.validation.firstName'),
  lastName: name('access.validation.lastName'),
  phoneNumber: phoneField,
});
export type ProfileInput = z.input<typeof profileSchema>;
