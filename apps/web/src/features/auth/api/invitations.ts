import type { Role } from '@dealclub/shared/roles';
import { apiRequest } from '@/lib/api-client';

export interface InvitationCheck {
  valid: true;
  role: Role;
  expiresAt: string;
  email: string | null;
}

/** Accepts an invitation link or the bare token. */
export function invitationTokenFrom(input: string): string {
  const text = input.trim();
  try {
    return new URL(text).searchParams.get('token') ?? text;
  } catch {
    return text;
  }
}

export const validateInvitation = (token: string) =>
  apiRequest<InvitationCheck>(`/api/auth/validate-invitation/${encodeURIComponent(token)}`);

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  invitationToken: string;
}

export const signUpWithInvitation = (input: SignUpInput) =>
  apiRequest<{ userSub: string; userConfirmed: boolean }>('/api/aws-auth/signup-with-invitation', {
    method: 'POST',
    data: input,
  });

export const requestAccess = (input: { firstName: string; lastName: string; email: string; phone: string }) =>
  apiRequest<{ status: 'invited' | 'waitlisted'; message?: string }>('/api/auth/public-request-access', {
    method: 'POST',
    data: input,
  });
