/**
 * A small toast store in the shadcn style: `toast({...})` from anywhere, rendered by <Toaster />.
 * One toast is visible at a time (shell §9): a new one replaces the current one — except an error
 * that follows a `cause` (the session ended) while that one is open.
 */
import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT } from '@dealclub/shared/constants';

export interface ToastAction {
  label: string;
  /** Read by screen readers instead of the label: must say what the action does (Radix). */
  altText: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  action?: ToastAction;
  /**
   * What the failures that follow it only repeat (the session ended: each call that was on its way
   * fails with it): while it is open, a later error toast does not replace it.
   */
  cause?: boolean;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const askedListeners = new Set<(input: ToastInput) => void>();

/**
 * Calls `listener` with each toast asked for, as it was asked for, whether or not it shows (an error
 * that only repeats the session's end does not): what a screen said, for the unit tests
 * (test/toasts.ts). Returns the function that stops it.
 */
export function onToastAsked(listener: (input: ToastInput) => void): () => void {
  askedListeners.add(listener);
  return () => askedListeners.delete(listener);
}

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): number {
  if (!input.title.trim()) throw new Error('A toast needs a non-empty title');
  if (input.action && !input.action.altText.trim()) throw new Error('A toast action needs alt text');
  for (const listener of askedListeners) listener(input);
  const id = nextId++;
  const shown = toasts[0];
  if (shown?.open && shown.cause && input.variant === 'destructive' && !input.cause) return shown.id;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function dismissToast(id: number) {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
}

export function removeToast(id: number) {
  emit(toasts.filter((t) => t.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
