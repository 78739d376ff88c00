import { createContext, useContext, useEffect, type ReactNode, type RefObject } from 'react';

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
  /** Links or buttons under the text: where the shopper may go from here. */
  actions?: ReactNode;
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

/** Registers an element the toasts render inside while it is mounted; returns the unregistration. */
export type AddToastHost = (element: HTMLElement) => () => void;

export const ToastHostContext = createContext<AddToastHost | null>(null);

/**
 * Toasts render inside `ref`'s element while the calling component is mounted. A modal <dialog>
 * needs this: it sits in the top layer above everything else and makes the rest of the page inert,
 * so a toast outside it would show dimmed under its backdrop, unreachable and unannounced.
 */
export function useToastHost(ref: RefObject<HTMLElement | null>): void {
  const addHost = useContext(ToastHostContext);
  useEffect(() => {
    const element = ref.current;
    if (!element || !addHost) return;
    return addHost(element);
  }, [addHost, ref]);
}
