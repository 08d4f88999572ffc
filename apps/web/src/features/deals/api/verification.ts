/**
 * Verified terms, the originator's side: the deal's latest verification (state and the admin's
 * note), uploading a mortgage statement, and downloading it again (with the bearer token, which is
 * why it is not a plain link). Keys start with `['deals', …]` so a change to the deal refreshes them.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Verification } from '@dealclub/shared/verifications';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { retryUnlessClientError } from '@/lib/query-client';
import { dealKeys } from '@/lib/deals';

export const verificationKey = (dealId: string) => [...dealKeys.all, 'verification', dealId] as const;

export function verificationOptions(dealId: string) {
  return queryOptions({
    queryKey: verificationKey(dealId),
    queryFn: ({ signal }) =>
      apiRequest<{ verification: Verification | null }>(`/api/deals/${dealId}/verification`, { signal }),
    retry: retryUnlessClientError,
  });
}

export const useDealVerification = (dealId: string) => useQuery(verificationOptions(dealId));

export function useUploadStatement(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<{ verification: Verification }>(`/api/deals/${dealId}/verification`, {
        method: 'POST',
        form,
      });
    },
    onSuccess: (data) => {
      queryClient.setQueryData(verificationKey(dealId), data);
    },
  });
}

/**
 * Saves the deal's latest statement under the name it was uploaded with. The download helper
 * loads with the first download (as the CSV exports'), not with the deal form (issue 32's budget).
 */
export async function downloadStatement(dealId: string, fallbackName: string) {
  const [{ blob, filename }, { saveFile }] = await Promise.all([
    apiDownload(`/api/deals/${dealId}/verification/file`),
    import('@/lib/download'),
  ]);
  saveFile(blob, filename ?? fallbackName);
}
