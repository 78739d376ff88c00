import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastEntry } from './toast-context';

interface Props {
  toast: ToastEntry;
  onDismiss: (id: number) => void;
}

/**
 * One toast. It closes itself after the duration; the clock pauses while the pointer or focus is
 * on it (time enough to read it), and a swipe to the right or Escape closes it early.
 */
export function ToastItem({ toast, onDismiss }: Props) {
  const close = useCallback(() => onDismiss(toast.id), [onDismiss, toast.id]);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);

  useEffect(() => {
    if (hovered || focused) return;
    const startedAt = Date.now();
    const timer = setTimeout(close, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [hovered, focused, close]);

  const swipeStart = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    swipeStart.current = event.clientX;
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (swipeStart.current === null) return;
    const dx = Math.max(0, event.clientX - swipeStart.current);
    // Only a real drag captures the pointer, so a plain click still reaches the close button.
    if (dx > 4 && !event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.setPointerCapture(event.pointerId);
    setOffset(dx);
  }

  function onPointerEnd() {
    if (swipeStart.current === null) return;
    swipeStart.current = null;
    if (offset >= TOAST_SWIPE_THRESHOLD_PX) close();
    else setOffset(0);
  }

  return (
    <div
      className={`toast${toast.variant === 'destructive' ? ' toast--destructive' : ''}`}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200), transition: 'none' } : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setFocused(false)}
      onKeyDown={(event) => event.key === 'Escape' && close()}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <div className="toast__text">
        <p className="toast__title">{toast.title}</p>
        {toast.description && <p className="toast__description">{toast.description}</p>}
        {toast.actions}
      </div>
      <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={close}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
