import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import { assetUrl } from '../api/config';
import { largestPicture } from './picture-sources';

const MAX_SCALE = 4;
const TAP_ZOOM = 2.5;
/** A drag this far (px) across an unzoomed picture is a swipe to the next one. */
const SWIPE = 50;
/** A press that moves less than this (px) is a tap. */
const TAP = 8;

interface View {
  scale: number;
  x: number;
  y: number;
}
const WHOLE: View = { scale: 1, x: 0, y: 0 };

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

/**
 * The product's pictures full screen, for judging the stitching up close: a modal <dialog> that
 * opens on the tapped picture. A tap zooms in at that point (and out again), two fingers pinch,
 * a zoomed picture pans under the finger, a swipe or the arrow keys go to the next picture;
 * Escape or Close shuts it and the browser gives the focus back to the picture that opened it.
 */
export function ZoomView({ pictures, name, start, onClose }: { pictures: string[]; name: string; start: number; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(start);
  const [view, setView] = useState<View>(WHOLE);
  const count = pictures.length;

  // The pointers on the picture now, and where this gesture began.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ x: number; y: number; view: View; distance: number; moved: boolean } | null>(null);

  useEffect(() => {
    // No close() on cleanup: StrictMode's rehearsal unmount would close the view for real.
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);

  const close = () => dialog.current?.close();

  const go = (step: number) => {
    if (count < 2) return;
    setIndex((i) => (i + step + count) % count);
    setView(WHOLE);
  };

  /** Zooms to `scale`, keeping the point (clientX, clientY) under the same place on screen. */
  function zoomAt(scale: number, clientX: number, clientY: number, from: View = view) {
    const next = clamp(scale, 1, MAX_SCALE);
    if (next === 1) return setView(WHOLE);
    const box = stage.current!.getBoundingClientRect();
    const px = clientX - (box.left + box.width / 2);
    const py = clientY - (box.top + box.height / 2);
    const ratio = next / from.scale;
    setView(bounded({ scale: next, x: px - (px - from.x) * ratio, y: py - (py - from.y) * ratio }));
  }

  /** Keeps a zoomed picture covering the stage: it cannot be dragged off screen. */
  function bounded(v: View): View {
    const box = stage.current!.getBoundingClientRect();
    const maxX = (box.width * (v.scale - 1)) / 2;
    const maxY = (box.height * (v.scale - 1)) / 2;
    return { scale: v.scale, x: clamp(v.x, -maxX, maxX), y: clamp(v.y, -maxY, maxY) };
  }

  function spread() {
    const [a, b] = [...pointers.current.values()];
    return { distance: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) {
      const s = spread();
      gesture.current = { x: s.x, y: s.y, view, distance: s.distance, moved: true };
    } else if (pointers.current.size === 1) {
      gesture.current = { x: event.clientX, y: event.clientY, view, distance: 0, moved: false };
    }
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const g = gesture.current;
    if (pointers.current.size === 2) {
      const s = spread();
      zoomAt((g.view.scale * s.distance) / g.distance, s.x, s.y, g.view);
      return;
    }
    const dx = event.clientX - g.x;
    const dy = event.clientY - g.y;
    if (Math.hypot(dx, dy) > TAP) g.moved = true;
    if (g.view.scale > 1) setView(bounded({ scale: g.view.scale, x: g.view.x + dx, y: g.view.y + dy }));
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const g = gesture.current;
    pointers.current.delete(event.pointerId);
    if (pointers.current.size > 0 || !g) return;
    gesture.current = null;
    if (event.type === 'pointercancel') return;
    const dx = event.clientX - g.x;
    if (!g.moved) zoomAt(view.scale > 1 ? 1 : TAP_ZOOM, event.clientX, event.clientY);
    else if (g.view.scale === 1 && g.distance === 0 && Math.abs(dx) >= SWIPE) go(dx < 0 ? 1 : -1);
  }

  function onWheel(event: WheelEvent<HTMLDivElement>) {
    zoomAt(view.scale * (event.deltaY < 0 ? 1.25 : 0.8), event.clientX, event.clientY);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (step) {
      event.preventDefault();
      go(step);
    } else if (event.key === '+' || event.key === '=' || event.key === '-') {
      const box = stage.current!.getBoundingClientRect();
      zoomAt(view.scale * (event.key === '-' ? 0.5 : 2), box.left + box.width / 2, box.top + box.height / 2);
    }
  }

  const zoomed = view.scale > 1;
  const centre = () => {
    const box = stage.current!.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2] as const;
  };

  return (
    <dialog ref={dialog} className="zoom" aria-label={`Pictures of ${name}`} onClose={onClose} onKeyDown={onKeyDown}>
      <div
        ref={stage}
        className="zoom__stage"
        data-testid="zoom-stage"
        data-scale={view.scale.toFixed(2)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onWheel={onWheel}
      >
        <img
          key={index}
          className="zoom__picture"
          src={assetUrl(largestPicture(pictures[index]))}
          alt={count > 1 ? `${name}, picture ${index + 1} of ${count}` : name}
          width={1200}
          height={1200}
          draggable={false}
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        />
      </div>
      <div className="zoom__bar">
        {count > 1 && (
          <p className="zoom__count" aria-live="polite">
            {index + 1} / {count}
          </p>
        )}
        <button type="button" className="zoom__button" onClick={() => zoomAt(zoomed ? 1 : TAP_ZOOM, ...centre())}>
          {zoomed ? 'Zoom out' : 'Zoom in'}
        </button>
        <button type="button" className="zoom__button" onClick={close} autoFocus>
          Close
        </button>
      </div>
      {count > 1 && (
        <>
          <button type="button" className="zoom__step zoom__step--prev" aria-label="Previous picture" onClick={() => go(-1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="zoom__step zoom__step--next" aria-label="Next picture" onClick={() => go(1)}>
            <span aria-hidden="true">›</span>
          </button>
        </>
      )}
    </dialog>
  );
}
