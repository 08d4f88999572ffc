import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationStatus } from '@dealclub/shared/access';
import type { Role } from '@dealclub/shared/roles';
import { apiRequest } from '@/lib/api-client';

export interface Invitation {
  id: string;
  role: Role;
  link: string;
  status: InvitationStatus;
  email: string | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export function useMyInvitations() {
  return useInfiniteQuery({
    queryKey: ['invitations', 'mine'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest<{ items: Invitation[]; nextCursor: string | null; total: number }>('/api/invitations', {
        query: { cursor: pageParam ?? undefined },
      }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useCreateInvitations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { role: Role }) =>
      apiRequest<{ items: Invitation[] }>('/api/invitations', { method: 'POST', data: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['invitations', 'mine'] }),
  });
}
