/**
 * The seller side's deal calls: create, edit, change the status, delete, "Manage my listings" and
 * the photos (upload with progress, remove, reorder). Every change refreshes the cached deal
 * queries (`['deals', …]`).
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DealStatus } from '@dealclub/shared/deal-rules';
import type { DealValues } from '@dealclub/shared/deals';
import { sessionManager } from '@/lib/session/session-manager';
import { ApiError, apiRequest, type Keyed } from '@/lib/api-client';
import type { DealDetail, DealPhoto } from '@/lib/deals';

/** A photo of a deal as the API answers it; the first of a list is the cover. */
export type DealPhotoItem = DealPhoto;

/** One row of "Manage my listings" (the card of `GET /api/deals/mine`). */
export interface MyDealCard {
  id: string;
  status: DealStatus;
  streetAddress?: string;
  unit?: string | null;
  addressHidden: boolean;
  city: string;
  state: string;
  zipCode: string;
  purchasePrice: number;
  coverPhotoUrl: string | null;
  createdAt: string;
}

export type StatusCounts = Record<DealStatus, number>;

export interface MyDealsPage {
  items: MyDealCard[];
  nextCursor: string | null;
  total: number;
  counts: StatusCounts;
}

export interface StatusChangeInput {
  id: string;
  status: DealStatus;
  reason?: string | null;
  throughPlatform: boolean;
  comments?: string | null;
}

/** Every cached deal query: the browse list, the details and my listings. */
const DEALS_KEY = ['deals'] as const;
export const myDealsKey = (status: DealStatus | 'all') => ['deals', 'mine', status] as const;

function useInvalidateDeals() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: DEALS_KEY });
}

export function useCreateDeal() {
  const invalidate = useInvalidateDeals();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...values }: Keyed<DealValues>) =>
      apiRequest<DealDetail>('/api/deals', { method: 'POST', data: values, idempotencyKey }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateDeal(id: string) {
  const invalidate = useInvalidateDeals();
  return useMutation({
    mutationFn: (values: DealValues) =>
      apiRequest<DealDetail>(`/api/deals/${id}`, { method: 'PUT', data: values }),
    onSuccess: () => invalidate(),
  });
}

export function useChangeStatus() {
  const invalidate = useInvalidateDeals();
  return useMutation({
    mutationFn: ({ id, ...body }: StatusChangeInput) =>
      apiRequest<DealDetail>(`/api/deals/${id}/status`, { method: 'PUT', data: body }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteDeal() {
  const invalidate = useInvalidateDeals();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(`/api/deals/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidate(),
  });
}

/** "Manage my listings": my deals of one status (or all but the deleted), a page at a time. */
export function useMyDeals(status: DealStatus | 'all') {
  return useInfiniteQuery({
    queryKey: myDealsKey(status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest<MyDealsPage>('/api/deals/mine', {
        query: { status: status === 'all' ? undefined : status, cursor: pageParam ?? undefined },
      }),
    getNextPageParam: (last) => last.nextCursor,
    // The counts stay on screen while another status loads.
    placeholderData: keepPreviousData,
  });
}

interface XhrResult {
  status: number;
  statusText: string;
  body: unknown;
}

function sendXhr(
  path: string,
  form: FormData,
  token: string | null,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-api-key', '');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let body: unknown = null;
      if (xhr.responseText) {
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = xhr.responseText;
        }
      }
      resolve({ status: xhr.status, statusText: xhr.statusText, body });
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was canceled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * A multipart upload (one file in field `file`) with upload progress, which fetch cannot report:
 * the bearer token as `apiRequest` sends it, one refresh and retry on 401, an {@link ApiError} on
 * any other failure.
 */
export async function uploadWithProgress<T>(
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  const form = () => {
    const data = new FormData();
    data.append('file', file);
    return data;
  };
  let result = await sendXhr(path, form(), sessionManager.idToken(), onProgress, signal);
  if (result.status === 401) {
    const token = await sessionManager.refresh({ force: true });
    if (token) {
      onProgress(0);
      result = await sendXhr(path, form(), token, onProgress, signal);
    }
  }
  if (result.status < 200 || result.status >= 300) {
    throw new ApiError(result.status, result.statusText, result.body);
  }
  onProgress(1);
  return result.body as T;
}

export interface PhotoUploadInput {
  file: File;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Adds one photo to a deal; answers the photo and the deal's photos in order. */
export function uploadDealPhoto(dealId: string, { file, onProgress, signal }: PhotoUploadInput) {
  return uploadWithProgress<{ photo: DealPhotoItem; photos: DealPhotoItem[] }>(
    `/api/deals/${dealId}/photos`,
    file,
    onProgress,
    signal,
  );
}

export function useUploadPhoto(dealId: string) {
  const invalidate = useInvalidateDeals();
  return useMutation({
    mutationFn: (input: PhotoUploadInput) => uploadDealPhoto(dealId, input),
    onSuccess: () => invalidate(),
  });
}

export function useRemovePhoto(dealId: string) {
  const invalidate = useInvalidateDeals();
  return useMutation({
    mutationFn: (photoId: string) =>
      apiRequest<{ photos: DealPhotoItem[] }>(`/api/deals/${dealId}/photos/${photoId}`, {
        method: 'DELETE',
      }),
    onSuccess: () => invalidate(),
  });
}

export function useReorderPhotos(dealId: string) {
  const invalidate = useInvalidateDeals();
  return useMutation({
    mutationFn: (photoIds: string[]) =>
      apiRequest<{ photos: DealPhotoItem[] }>(`/api/deals/${dealId}/photos/order`, {
        method: 'PUT',
        data: { photoIds },
      }),
    onSuccess: () => invalidate(),
  });
}
