import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '@dealclub/shared/profile';
import { apiRequest } from '@/lib/api-client';

export interface Profile {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  languagePreference: 'en' | 'es';
  roles: string[];
  profilePictureUrl: string | null;
  profileComplete: boolean;
  missingProfileParts: string[];
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ['profile'], queryFn: () => apiRequest<Profile>('/api/profile') });

export const useProfile = () => useQuery(profileQueryOptions());

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => apiRequest<Profile>('/api/profile', { method: 'PUT', data: input }),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
}
