/**
 * Verified terms, the admin's side: the verifications of one status (pending by default) beside each
 * deal's loan fields now, a statement fetched with the bearer token (as a Blob, for an object URL:
 * the API never serves it to a plain link), and the decision.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerificationDecisionInput } from '@dealclub/shared/verification-decision';
import type { Verification, VerificationStatus, VerifiedFields } from '@dealclub/shared/verifications';
import { apiDownload, apiRequest } from '@/lib/api-client';

export interface AdminVerification extends Verification {
  decidedBy: string | null;
  deal: {
    id: string;
    status: string;
    streetAddress: string;
    unit: string;
    city: string;
    state: string;
    zipCode: string;
    purchaseType: string | null;
    currentFields: VerifiedFields;
    termsVerifiedAt: string | null;
  };
  seller: { id: string; firstName: string; lastName: string; email: string } | null;
}

interface Page {
  items: AdminVerification[];
  nextCursor: string | null;
  total: number;
}

export const adminVerificationsKey = ['admin', 'verifications'] as const;

export const useAdminVerifications = (status: VerificationStatus) =>
  useInfiniteQuery({
    queryKey: [...adminVerificationsKey, status],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest<Page>('/api/admin/verifications', { query: { status, cursor: pageParam ?? undefined } }),
    getNextPageParam: (last) => last.nextCursor,
  });

export async function fetchStatement(id: string, signal?: AbortSignal): Promise<Blob> {
  return (await apiDownload(`/api/admin/verifications/${id}/file`, { signal })).blob;
}

export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: VerificationDecisionInput & { id: string }) =>
      apiRequest<{ verification: Verification }>(`/api/admin/verifications/${id}`, {
        method: 'PUT',
        data: body,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminVerificationsKey });
      // The badge changed on the deal's cards and page.
      void queryClient.invalidateQueries({ queryKey: ['deals'] });
    },
  });
}
