/**
 * The profile tabs' checks: the API's own schemas (zod), in a module the tabs load when a form is
 * first focused or checked (`tabResolver`, lib/forms.ts), not with the tab: zod is some 23 KB of a
 * tab's first visit (issue 32's script budget).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { emailField, newPasswordSchema } from '@dealclub/shared/auth';
import { integrationSchema } from '@dealclub/shared/integrations';
import {
  buyBoxSchema,
  buyerPreferencesSchema,
  companySchema,
  preferencesSchema,
  sellerPreferencesSchema,
} from '@dealclub/shared/preferences';
import { profileSchema } from '@dealclub/shared/profile';

export const preferences = zodResolver(preferencesSchema);
export const buyerPreferences = zodResolver(buyerPreferencesSchema);
export const buyBox = zodResolver(buyBoxSchema);
export const sellerPreferences = zodResolver(sellerPreferencesSchema);
export const company = zodResolver(companySchema);
export const integration = zodResolver(integrationSchema);
export const personal = zodResolver(profileSchema);
export const email = zodResolver(z.object({ email: emailField }));
export const passwordChange = zodResolver(
  z.object({ current: z.string().min(1, 'profile.currentPasswordRequired') }).and(newPasswordSchema),
);
