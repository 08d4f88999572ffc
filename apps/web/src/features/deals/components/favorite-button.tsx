import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { useToggleFavorite } from '../api/deals';

/**
 * The heart that saves a deal to the favorites (or removes it). Its accessible name says what a
 * press does: "Save to favorites" or "Remove from favorites". The change shows at once.
 */
export function FavoriteButton({
  dealId,
  isFavorite,
  size = 'md',
  className = '',
}: {
  dealId: string;
  isFavorite: boolean;
  size?: 'md' | 'lg';
  className?: string;
}) {
  const { t } = useTranslation();
  const toggle = useToggleFavorite();
  const label = isFavorite ? t('dealCommon.removeFavorite') : t('dealCommon.saveFavorite');

  function onClick() {
    const favorite = !isFavorite;
    toggle.mutate(
      { id: dealId, favorite },
      {
        onSuccess: () =>
          toast({ title: favorite ? t('dealCommon.savedFavorite') : t('dealCommon.removedFavorite') }),
        onError: () => toast({ title: t('dealCommon.favoriteFailed'), variant: 'destructive' }),
      },
    );
  }

  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={`inline-flex shrink-0 items-center justify-center rounded-full border border-slate-200 bg-white/95 text-slate-700 shadow-sm hover:bg-rose-50 hover:text-rose-700 ${
        size === 'lg' ? 'size-12' : 'size-11'
      } ${className}`}
    >
      <Heart
        aria-hidden
        className={`${size === 'lg' ? 'size-6' : 'size-5'} ${isFavorite ? 'fill-rose-600 text-rose-600' : ''}`}
      />
    </button>
  );
}
