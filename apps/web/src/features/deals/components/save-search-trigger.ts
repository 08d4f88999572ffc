/**
 * The look of "Save search", the same for the button the list shows until the dialog has loaded
 * (save-search-button.tsx) and for the dialog's own trigger (save-search-dialog.tsx).
 */
export const SAVE_SEARCH_CLASS =
  'inline-flex h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50';
