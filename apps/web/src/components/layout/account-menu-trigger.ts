/**
 * The look of the account menu's button, the same for the stand-in the header shows until the menu
 * has loaded (header.tsx) and for the menu's own trigger (account-menu.tsx).
 */
export const ACCOUNT_TRIGGER_CLASS =
  'hidden items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-800 md:inline-flex';
