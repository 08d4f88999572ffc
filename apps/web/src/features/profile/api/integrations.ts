/** The Integrations tab: the offer webhook's settings with its delivery log, saving, and the test event. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Integration,
  IntegrationInput,
  SavedIntegration,
  WebhookDelivery,
} from '@dealclub/shared/integrations';
import { apiRequest } from '@/lib/api-client';
import { tab } from './tabs';

const PATH = '/api/profile/integrations';

export const integrationsTab = tab<Integration, IntegrationInput, SavedIntegration>('integrations', PATH, {
  // The cache keeps the settings, never the secret: the component holds it while it is shown.
  toCache: ({ secret: _secret, ...integration }) => integration,
});

export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<WebhookDelivery>(`${PATH}/test`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsTab.options().queryKey }),
  });
}
