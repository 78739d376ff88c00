import { createContext, useContext } from 'react';

/** One toast at a time, shown for 5 s, kept (hidden) for 1,000,000 ms after dismissal. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** A swipe to the right this far dismisses the toast. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export interface ToastEntry extends ToastOptions {
  id: number;
  /** False once dismissed: the toast is hidden but stays in state until the removal delay passes. */
  open: boolean;
}

export interface ToastApi {
  /** Shows a toast (replacing the one on screen) and returns its id. */
  toast: (options: ToastOptions) => number;
  /** Dismisses one toast, or all of them without an id. */
  dismiss: (id?: number) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it.');
  return api;
}
