import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, ToastContext, ToastHostContext, type AddToastHost, type ToastApi, type ToastEntry, type ToastOptions } from './toast-context';
import { ToastItem } from './ToastItem';

/** Holds the toasts and renders their region; `useToast()` works anywhere below it. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);
  const removalTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const toast = useCallback((options: ToastOptions) => {
    const id = nextId.current++;
    // The newest toast comes first; a toast beyond the limit is dropped at once.
    setToasts((current) => [{ ...options, id, open: true }, ...current].slice(0, TOAST_LIMIT));
    return id;
  }, []);

  const dismiss = useCallback((id?: number) => {
    setToasts((current) => current.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  }, []);

  // A dismissed toast leaves state after the removal delay; one pushed out by a newer toast needs
  // no timer any more.
  useEffect(() => {
    const timers = removalTimers.current;
    for (const [id, timer] of timers) {
      if (toasts.some((t) => t.id === id)) continue;
      clearTimeout(timer);
      timers.delete(id);
    }
    for (const t of toasts) {
      if (t.open || timers.has(t.id)) continue;
      timers.set(
        t.id,
        setTimeout(() => {
          timers.delete(t.id);
          setToasts((current) => current.filter((c) => c.id !== t.id));
        }, TOAST_REMOVE_DELAY_MS),
      );
    }
  }, [toasts]);

  useEffect(() => {
    const timers = removalTimers.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  // Elements that hold the toasts while they are mounted (an open modal drawer); the newest wins.
  const [hosts, setHosts] = useState<HTMLElement[]>([]);
  const addHost = useCallback<AddToastHost>((element) => {
    setHosts((current) => [...current, element]);
    return () => setHosts((current) => current.filter((h) => h !== element));
  }, []);
  const host = hosts.at(-1);

  const region = (
    <div className="toast-viewport" role="status" aria-live="polite">
      {toasts
        .filter((t) => t.open)
        .map((t) => (
          <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
        ))}
    </div>
  );

  return (
    <ToastContext value={api}>
      <ToastHostContext value={addHost}>
        {children}
        {host ? createPortal(region, host) : region}
      </ToastHostContext>
    </ToastContext>
  );
}
