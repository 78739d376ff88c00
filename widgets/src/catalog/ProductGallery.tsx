import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { assetUrl } from '../api/config';
import { ProductImage } from './ProductImage';
import { PAGE_SIZES } from './picture-sources';
import { ZoomView } from './ZoomView';

const STEP: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1 };

/**
 * The product's pictures: one picture as ever, or a strip that snaps picture by picture (a swipe on
 * a phone) with a row of thumbnails (a count on a phone). Arrow keys move between pictures, on the
 * strip or on the thumbnails. `current`: the chosen variant's picture, shown when it changes. A tap
 * on a picture opens it full screen (ZoomView); closing gives the focus back to that picture.
 */
export function ProductGallery({ images, name, current }: { images: string[]; name: string; current?: string }) {
  const pictures = current && !images.includes(current) ? [...images, current] : images;
  const [zooming, setZooming] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  function zoom(i: number, from: HTMLElement) {
    opener.current = from;
    setZooming(i);
  }
  function unzoom() {
    setZooming(null);
    opener.current?.focus();
  }

  return (
    <>
      {pictures.length <= 1 ? (
        <ZoomButton label={`Zoom in on ${name}`} onZoom={(from) => zoom(0, from)}>
          <ProductImage src={pictures[0] ?? ''} alt={name} className="product-detail__image" sizes={PAGE_SIZES} priority />
        </ZoomButton>
      ) : (
        <Strip pictures={pictures} name={name} current={current} onZoom={zoom} />
      )}
      {zooming !== null && <ZoomView pictures={pictures} name={name} start={zooming} onClose={unzoom} />}
    </>
  );
}

/** A picture as a button: the picture is its content, the label says what a tap does. */
function ZoomButton({ label, onZoom, children }: { label: string; onZoom: (from: HTMLElement) => void; children: ReactNode }) {
  return (
    <button type="button" className="zoom-opener" aria-label={label} onClick={(e) => onZoom(e.currentTarget)}>
      {children}
    </button>
  );
}

function Strip({ pictures, name, current, onZoom }: { pictures: string[]; name: string; current?: string; onZoom: (i: number, from: HTMLElement) => void }) {
  const track = useRef<HTMLDivElement>(null);
  const thumbs = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(() => Math.max(0, pictures.indexOf(current ?? '')));
  const count = pictures.length;

  // The picture the strip is travelling to: pictures it passes on the way are not chosen.
  const heading = useRef<number | null>(null);

  const show = (i: number, behavior: ScrollBehavior = 'smooth') => {
    const next = Math.min(Math.max(i, 0), count - 1);
    setIndex(next);
    heading.current = next;
    const el = track.current;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el?.scrollTo({ left: next * el.clientWidth, behavior: reduced ? 'instant' : behavior });
    return next;
  };

  // A newly chosen variant brings its picture into view (the first time without animation); the
  // shopper moves the strip otherwise.
  const shown = useRef(false);
  const target = pictures.indexOf(current ?? '');
  const bringIntoView = useEffectEvent((i: number) => {
    if (i >= 0) show(i, shown.current ? 'smooth' : 'instant');
    shown.current = true;
  });
  useEffect(() => bringIntoView(target), [target]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const step = STEP[event.key];
    if (!step) return;
    event.preventDefault();
    const next = show(index + step);
    // On the thumbnails the focus follows the picture.
    if (thumbs.current?.contains(event.target as Node)) (thumbs.current.children[next] as HTMLElement | undefined)?.focus();
  }

  // A swipe or a scroll settles on a picture: its thumbnail becomes the current one.
  function onScroll() {
    const el = track.current;
    if (!el?.clientWidth) return;
    const at = el.scrollLeft / el.clientWidth;
    const settled = Math.min(count - 1, Math.round(at));
    if (Math.abs(at - settled) * el.clientWidth >= 1) return;
    if (heading.current === null) setIndex(settled);
    else if (heading.current === settled) heading.current = null;
  }

  // The shopper's own swipe or wheel takes over from a picture the strip was sent to.
  const takeOver = () => {
    heading.current = null;
  };

  return (
    <div className="gallery" onKeyDown={onKeyDown}>
      {/* Focusable, so the strip scrolls by keyboard too (and screen readers announce it). */}
      <div ref={track} className="gallery__track" role="region" aria-label={`Pictures of ${name}`} tabIndex={0} onScroll={onScroll} onPointerDown={takeOver} onWheel={takeOver}>
        {pictures.map((src, i) => (
          <ZoomButton key={i} label={`Zoom in on ${name}, picture ${i + 1} of ${count}`} onZoom={(from) => onZoom(i, from)}>
            <ProductImage src={src} alt={i === 0 ? name : `${name}, picture ${i + 1} of ${count}`} sizes={PAGE_SIZES} priority={i === index} />
          </ZoomButton>
        ))}
      </div>
      <p className="gallery__count" aria-hidden="true">
        {index + 1} / {count}
      </p>
      <div ref={thumbs} className="gallery__thumbs">
        {pictures.map((src, i) => (
          <button
            key={i}
            type="button"
            className="gallery__thumb"
            aria-label={`Picture ${i + 1} of ${count}`}
            aria-current={i === index}
            tabIndex={i === index ? 0 : -1}
            onClick={() => show(i)}
          >
            <img src={assetUrl(src)} alt="" width={64} height={64} loading="lazy" decoding="async" />
          </button>
        ))}
      </div>
    </div>
  );
}
