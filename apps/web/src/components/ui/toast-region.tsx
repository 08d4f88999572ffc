import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from '@dealclub/shared/constants';
import { takeToastFocusRequest } from './toast-focus';
import { dismissToast, removeToast, useToasts } from './use-toast';

/**
 * Radix Toast with the spec's constants: 5 s, swipe right past 50 px, F8 focuses the region.
 * Loaded (toast-loader.ts) with the first toast or the first F8.
 */
export default function ToastRegion() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const viewport = useRef<HTMLOListElement>(null);
  // A press of the hotkey before the region was here is answered as Radix answers the next ones.
  useEffect(() => {
    if (takeToastFocusRequest()) viewport.current?.focus();
  }, []);
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t('toast.label')}
    >
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          data-testid="toast"
          open={item.open}
          onOpenChange={(open) => {
            if (!open) {
              dismissToast(item.id);
              // Leave time for the closing animation before the item goes.
              setTimeout(() => removeToast(item.id), 200);
            }
          }}
          className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 ${
            item.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-ink'
          }`}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description && (
              <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>
            )}
          </div>
          {item.action && (
            <Toast.Action
              altText={item.action.altText}
              onClick={item.action.onClick}
              className="ml-auto shrink-0 rounded-md border border-current px-3 py-1 text-sm font-medium"
            >
              {item.action.label}
            </Toast.Action>
          )}
          <Toast.Close
            aria-label={t('toast.close')}
            className="absolute right-2 top-2 rounded p-1 opacity-80 hover:opacity-100"
          >
            <X aria-hidden className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        ref={viewport}
        hotkey={[...TOAST_HOTKEY]}
        label={t('toast.region')}
        className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none print:hidden"
      />
    </Toast.Provider>
  );
}
