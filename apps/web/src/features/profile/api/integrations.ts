/** The Integrations tab: the offer webhook's settings with its delivery log, saving, and the test event. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IntegrationInput, WebhookDeliveryStatus } from '@dealclub/shared/integrations';
import { apiRequest } from '@/lib/api-client';

const PATH = '/api/profile/integrations';

export interface WebhookDelivery {
  id: string;
  event: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
}

export interface Integration {
  offerWebhookUrl: string | null;
  offerWebhookEnabled: boolean;
  hasSecret: boolean;
  deliveries: WebhookDelivery[];
}

/** The answer of a save: `secret` only when one was just created or rotated, shown once. */
export type SavedIntegration = Integration & { secret?: string };

export const integrationsQueryOptions = () =>
  queryOptions({ queryKey: ['profile', 'integrations'], queryFn: () => apiRequest<Integration>(PATH) });

export const useIntegrations = () => useQuery(integrationsQueryOptions());

export function useSaveIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IntegrationInput) =>
      apiRequest<SavedIntegration>(PATH, { method: 'PUT', data: input }),
    // The cache keeps the settings, never the secret: the component holds it while it is shown.
    onSuccess: ({ secret: _secret, ...integration }) =>
      queryClient.setQueryData(integrationsQueryOptions().queryKey, integration),
  });
}

export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<WebhookDelivery>(`${PATH}/test`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsQueryOptions().queryKey }),
  });
}
