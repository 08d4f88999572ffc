import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxTestInput, OutboxTestResult } from '@dealclub/shared/outbox';
import type { Role } from '@dealclub/shared/roles';
import { apiRequest } from '@/lib/api-client';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

export interface AdminUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  roles: string[];
  isActive: boolean;
  createdAt: string;
  /** Two-step sign-in is on; null when the identity provider cannot say. */
  mfaEnabled: boolean | null;
}

export interface WaitlistEntry {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  createdAt: string;
  invitedAt: string | null;
}

export interface OutboxMessage {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  template: string;
  status: string;
  /** The provider's code for the latest failure (`InvalidParameter`, `21211`, `OUTCOME_UNKNOWN`, …). */
  providerCode: string | null;
  createdAt: string;
}

function usePaged<T>(key: unknown[], path: string, query: Record<string, string | undefined> = {}) {
  return useInfiniteQuery({
    queryKey: key,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest<Page<T>>(path, { query: { ...query, cursor: pageParam ?? undefined } }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export const useAdminUsers = (q: string) =>
  usePaged<AdminUser>(['admin', 'users', q], '/api/admin/users', { q: q || undefined });
export const useWaitlist = () => usePaged<WaitlistEntry>(['admin', 'waitlist'], '/api/admin/waitlist');
export const useMailbox = (recipient: string) =>
  usePaged<OutboxMessage>(['admin', 'outbox', recipient], '/api/admin/outbox', {
    recipient: recipient || undefined,
  });

export function useSetRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, roles }: { userId: string; roles: Role[] }) =>
      apiRequest<AdminUser>(`/api/admin/users/${userId}/roles`, { method: 'PUT', data: { roles } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

export function useSetActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, active }: { userId: string; active: boolean }) =>
      apiRequest<AdminUser>(`/api/admin/users/${userId}/active`, { method: 'PUT', data: { active } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

/** Turns a user's two-step sign-in off (a lost phone); recorded in the admin audit. */
export function useTurnOffMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<AdminUser>(`/api/admin/users/${userId}/mfa`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

export function useInviteFromWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/admin/waitlist/${id}/invite`, { method: 'POST', data: {} }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'waitlist'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] });
    },
  });
}

/** 'Send a test message' of the Outbox tab: sent at once; the answer is the provider's. */
export function useSendTestMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OutboxTestInput) =>
      apiRequest<OutboxTestResult>('/api/admin/outbox/test', { method: 'POST', data: input }),
    // It is in the outbox like any other message.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
}
