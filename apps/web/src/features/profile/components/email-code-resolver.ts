/** The e-mail change's code as a form resolver: a chunk of its own, loaded by verify-email-change.tsx. */
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { emailCodeField } from '@dealclub/shared/auth';

export const emailCodeResolver = zodResolver(z.object({ code: emailCodeField }));
