/**
 * The look of the header's language select, the same for the stand-in shown until the select has
 * loaded (language-select.tsx) and for the select's own trigger (language-select-menu.tsx).
 */
export const LANGUAGE_TRIGGER_CLASS =
  'inline-flex h-9 w-[120px] items-center justify-between gap-1 rounded-md border border-white bg-transparent px-2 text-sm text-white';
