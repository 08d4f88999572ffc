/** Queries and saves of the profile's preference tabs, logo and picture, and the ZIP look-up. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZipInfo } from '@dealclub/shared/geo';
import type {
  BuyBoxInput,
  BuyerPreferences,
  BuyerPreferencesInput,
  CompanyInput,
  PreferencesInput,
  SellerPreferencesInput,
} from '@dealclub/shared/preferences';
import { apiRequest } from '@/lib/api-client';
import { profileQueryOptions, type Profile } from './profile';

export interface Preferences {
  languagePreference: 'en' | 'es';
  notificationChannels: string[];
  searchFrequency: string;
  /** Deal alert e-mails are on (an alert e-mail's unsubscribe link turns them off). */
  alertEmails: boolean;
}

export type SavedBuyerPreferences = BuyerPreferences & { updatedAt: string };

export interface SavedBuyBox {
  type: string;
  state: string;
  city: string;
  zipCodes: string[];
  updatedAt: string;
}

export interface SavedSellerPreferences {
  markets: { state: string; city: string }[];
  dealTypes: string[];
  callBookingUrl: string | null;
  updatedAt: string | null;
}

export interface Company {
  companyName: string | null;
  companyPhone: string | null;
  companyEmail: string | null;
  callBookingUrl: string | null;
  logoUrl: string | null;
}

/**
 * A profile tab: its query, read from `path`, and its save, a `PUT` of `I` to the same path whose
 * answer (`S`, by default what is read) becomes the cached tab, through `toCache` when the answer
 * carries more than the cache may keep.
 */
export function tab<T, I, S extends T = T>(
  key: string,
  path: string,
  { toCache = (saved: S): T => saved }: { toCache?: (saved: S) => T } = {},
) {
  const options = () => queryOptions({ queryKey: ['profile', key], queryFn: () => apiRequest<T>(path) });
  return {
    options,
    useQuery: () => useQuery(options()),
    useSave: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (input: I) => apiRequest<S>(path, { method: 'PUT', data: input }),
        onSuccess: (saved) => queryClient.setQueryData(options().queryKey, toCache(saved)),
      });
    },
  };
}

export const preferencesTab = tab<Preferences, PreferencesInput>('preferences', '/api/profile/preferences');
export const buyerPreferencesTab = tab<SavedBuyerPreferences | null, BuyerPreferencesInput>(
  'buyer-preferences',
  '/api/profile/buyer-preferences',
);
export const buyBoxTab = tab<SavedBuyBox | null, BuyBoxInput>('buy-box', '/api/profile/buy-box');
export const sellerPreferencesTab = tab<SavedSellerPreferences, SellerPreferencesInput>(
  'seller-preferences',
  '/api/profile/seller-preferences',
);
export const companyTab = tab<Company, CompanyInput>('company', '/api/profile/company');

function imageForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

export function useLogo() {
  const queryClient = useQueryClient();
  const onSuccess = (company: Company) => queryClient.setQueryData(companyTab.options().queryKey, company);
  return {
    upload: useMutation({
      mutationFn: (file: File) =>
        apiRequest<Company>('/api/profile/logo', { method: 'POST', form: imageForm(file) }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () => apiRequest<Company>('/api/profile/logo', { method: 'DELETE' }),
      onSuccess,
    }),
  };
}

export function usePicture() {
  const queryClient = useQueryClient();
  const onSuccess = (profile: Profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile);
  return {
    upload: useMutation({
      mutationFn: (file: File) =>
        apiRequest<Profile>('/api/profile/picture', { method: 'POST', form: imageForm(file) }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () => apiRequest<Profile>('/api/profile/picture', { method: 'DELETE' }),
      onSuccess,
    }),
  };
}

/** What the reference data knows of these ZIP codes (unknown ones are absent). */
export const zipLookupOptions = (zips: readonly string[]) => {
  const codes = [...new Set(zips)].sort();
  return queryOptions({
    queryKey: ['zip-codes', codes.join(',')],
    queryFn: async () => {
      if (codes.length === 0) return new Map<string, ZipInfo>();
      const { items } = await apiRequest<{ items: ZipInfo[] }>('/api/geo/zip-codes', {
        query: { codes: codes.join(',') },
      });
      return new Map(items.map((z) => [z.zip, z]));
    },
    staleTime: Infinity,
  });
};
