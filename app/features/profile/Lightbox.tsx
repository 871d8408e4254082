import { useCallback, useEffect, useRef, useState } from "react";
import { lightboxSizes, photoSrcSet, photoVariantUrl } from "~/features/photos/variants";
import type { ProfileImage } from "./profile";
import { CloseIcon } from "~/ui/icons";
import { Dialog } from "~/ui/Dialog";

// Spec §9 lightbox defaults.
export const LIGHTBOX_FADE_MS = 250;
export const LIGHTBOX_SWIPE_MS = 500;
export const LIGHTBOX_PRELOAD = 2;
const SWIPE_THRESHOLD_PX = 50;

type Props = { images: ProfileImage[]; index: number; name: string; onIndex: (i: number) => void; onClose: () => void };

/** Full-screen photo viewer: arrows, Escape, swipe; a modal dialog (focus stays inside), page scroll frozen while open. */
export function Lightbox({ images, index, name, onIndex, onClose }: Props) {
  const [visible, setVisible] = useState(false);
  const [slide, setSlide] = useState<0 | 1 | -1>(0);
  const closeRef = useRef<HTMLButtonElement>(null);
  const touchX = useRef<number | null>(null);
  const count = images.length;

  const go = useCallback(
    (delta: 1 | -1) => {
      setSlide(delta);
      onIndex((index + delta + count) % count);
    },
    [count, index, onIndex],
  );

  useEffect(() => {
    const previousFocus = document.activeElement as HTMLElement | null;
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    closeRef.current?.focus();
    const raf = requestAnimationFrame(() => setVisible(true));
    return () => {
      cancelAnimationFrame(raf);
      document.body.style.overflow = overflow;
      previousFocus?.focus();
    };
  }, []);

  useEffect(() => {
    // Warm the cache for the neighbours so arrowing through is instant.
    for (let d = 1; d <= LIGHTBOX_PRELOAD; d++) {
      for (const i of [index + d, index - d]) {
        const img = images[(i + count) % count];
        if (!img) continue;
        // The size the lightbox will pick, not the stored photo: srcset and sizes before src.
        const preload = new Image();
        const srcSet = photoSrcSet(img.url, img.width);
        if (srcSet) {
          preload.sizes = lightboxSizes(img.width, img.height);
          preload.srcset = srcSet;
        }
        preload.src = srcSet ? photoVariantUrl(img.url, 1600) : img.url;
      }
    }
  }, [count, images, index]);

  const image = images[index];
  const srcSet = photoSrcSet(image.url, image.width);
  return (
    <Dialog
      onDismiss={onClose}
      aria-label={`Photos of ${name}`}
      data-testid="lightbox"
      className="fixed inset-0 z-50 flex h-full w-full items-center justify-center bg-black/95 text-white backdrop:bg-transparent"
      style={{ opacity: visible ? 1 : 0, transition: `opacity ${LIGHTBOX_FADE_MS}ms ease` }}
      onKeyDown={(e) => {
        if (e.key === "ArrowRight") go(1);
        else if (e.key === "ArrowLeft") go(-1);
      }}
      onTouchStart={(e) => (touchX.current = e.touches[0].clientX)}
      onTouchEnd={(e) => {
        if (touchX.current == null) return;
        const dx = e.changedTouches[0].clientX - touchX.current;
        touchX.current = null;
        if (Math.abs(dx) > SWIPE_THRESHOLD_PX && count > 1) go(dx < 0 ? 1 : -1);
      }}
    >
      <button
        ref={closeRef}
        type="button"
        onClick={onClose}
        aria-label="Close photos"
        className="absolute right-3 top-3 inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-white"
      >
        <CloseIcon />
      </button>
      {count > 1 ? (
        <button
          type="button"
          onClick={() => go(-1)}
          aria-label="Previous photo"
          className="absolute left-2 top-1/2 inline-flex h-12 w-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/10 text-2xl text-white"
        >
          ‹
        </button>
      ) : null}
      <img
        key={image.imageId}
        sizes={srcSet ? lightboxSizes(image.width, image.height) : undefined}
        srcSet={srcSet ?? undefined}
        src={srcSet ? photoVariantUrl(image.url, 1600) : image.url}
        alt={`Photo ${index + 1} of ${count} of ${name}`}
        width={image.width}
        height={image.height}
        className="max-h-[90dvh] max-w-[92vw] object-contain"
        style={{
          animation: slide ? `lightbox-slide-${slide > 0 ? "next" : "prev"} ${LIGHTBOX_SWIPE_MS}ms ease` : undefined,
        }}
        data-testid="lightbox-image"
      />
      {count > 1 ? (
        <button
          type="button"
          onClick={() => go(1)}
          aria-label="Next photo"
          className="absolute right-2 top-1/2 inline-flex h-12 w-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/10 text-2xl text-white"
        >
          ›
        </button>
      ) : null}
      <p className="absolute bottom-4 left-0 right-0 text-center text-sm text-zinc-300" aria-live="polite">
        {index + 1} / {count}
      </p>
    </Dialog>
  );
}
