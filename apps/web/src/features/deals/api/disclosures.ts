/**
 * A deal's risk disclosures (`GET /api/deals/:id/disclosures`): written by the API in the app's
 * language from the deal's terms as they stand, so the deal page, the offer form and the server's
 * check of a creative offer agree. Under `dealKeys.all`: a change of the deal refreshes them.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DisclosureKey } from '@dealclub/shared/trust-rules';
import { apiRequest } from '@/lib/api-client';
import { dealKeys } from '@/lib/deals';

export interface DisclosureItem {
  key: DisclosureKey;
  title: string;
  body: string;
  /** Where to learn more (a training lesson). */
  help: string;
}

export const disclosureKeys = {
  of: (dealId: string, language: string) => [...dealKeys.all, 'disclosures', dealId, language] as const,
};

export function useDisclosures(dealId: string, enabled = true) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: disclosureKeys.of(dealId, language),
    queryFn: ({ signal }) =>
      apiRequest<{ items: DisclosureItem[] }>(`/api/deals/${encodeURIComponent(dealId)}/disclosures`, {
        signal,
        language,
      }).then((page) => page.items),
    enabled,
  });
}
