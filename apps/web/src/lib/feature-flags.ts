/** The feature flags of `GET /api/config/feature-flags`: the shell's webinar banner reads them. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface FeatureFlags {
  enableWebinarBanner: boolean;
  webinarUrl?: string;
}

export const getFeatureFlags = () => apiRequest<FeatureFlags>('/api/config/feature-flags');

export const featureFlagsQueryOptions = () =>
  queryOptions({ queryKey: ['config', 'feature-flags'], queryFn: getFeatureFlags });

export function useFeatureFlags(options: { enabled?: boolean } = {}) {
  return useQuery({ ...featureFlagsQueryOptions(), enabled: options.enabled ?? true });
}
