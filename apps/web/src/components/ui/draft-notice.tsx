/**
 * The notice above a form that started from a kept draft (lib/use-draft.ts). Its body, texts and
 * date formatting load only when a draft came back (draft-notice-body.tsx): most visits have none,
 * and the forms are on the first visit of a deal page.
 */
import { lazy, Suspense } from 'react';
import type { FormDraft } from '@/lib/use-draft';

const DraftNotice = lazy(() => import('./draft-notice-body'));

/** The notice of a form's draft while it shows; discarding it also puts the form back (`reset`). */
export function KeptDraftNotice<T>({ draft, reset }: { draft: FormDraft<T>; reset: () => void }) {
  if (!draft.restored) return null;
  return (
    <Suspense fallback={null}>
      <DraftNotice
        draft={draft.restored}
        onDiscard={() => {
          draft.discard();
          reset();
        }}
      />
    </Suspense>
  );
}
