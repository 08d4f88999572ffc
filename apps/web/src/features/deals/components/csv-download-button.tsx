import { Download, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { downloadDealCsv, type CsvExport, type OfferScope } from '../api/deal-offers';

/**
 * "Download CSV" of a deal's offers or interested buyers. The export needs the bearer token, so it
 * is fetched and handed to the browser as a file rather than opened as a link.
 */
export function CsvDownloadButton({
  dealId,
  kind,
  scope,
}: {
  dealId: string;
  kind: CsvExport;
  /** Which offers the export holds, as the table shows them. */
  scope?: OfferScope;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      // The helper that hands the file to the browser loads with the first download, not the screen.
      const [{ blob, filename }, { saveFile }] = await Promise.all([
        downloadDealCsv(dealId, kind, scope),
        import('@/lib/download'),
      ]);
      saveFile(blob, filename);
    } catch {
      toast({ title: t(`dealOffers.csv.failed.${kind}`), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void download()}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={t(`dealOffers.csv.label.${kind}`)}
      data-testid={`${kind}-csv`}
      className="inline-flex h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 font-semibold hover:bg-slate-50 disabled:opacity-70"
    >
      {busy ? (
        <LoaderCircle aria-hidden className="size-4 animate-spin" />
      ) : (
        <Download aria-hidden className="size-4" />
      )}
      {t('dealOffers.csv.download')}
    </button>
  );
}
