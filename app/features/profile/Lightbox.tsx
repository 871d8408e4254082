import { useCallback, useEffect, useRef, useState } from "react";
import type { RefObject } from "react";
import { lightboxSizes, photoSrcSet, photoVariantUrl } from "~/features/photos/variants";
import type { ProfileImage } from "~/core/profile";
import { photoCheckText } from "~/core/photo-checks";
import { CloseIcon } from "~/ui/icons";
import { Dialog } from "~/ui/Dialog";

// Spec §9 lightbox defaults.
export const LIGHTBOX_FADE_MS = 250;
export const LIGHTBOX_SWIPE_MS = 500;
export const LIGHTBOX_PRELOAD = 2;
const SWIPE_THRESHOLD_PX = 50;

type Props = {
  images: ProfileImage[];
  index: number;
  name: string;
  onIndex: (i: number) => void;
  onClose: () => void;
  now: number;
};

/**
 * The photo at the size the lightbox shows it: sizes and srcset where there are variants (in that order, before
 * src, so the browser picks once), else the stored photo.
 */
function lightboxSource(img: ProfileImage) {
  const srcSet = photoSrcSet(img.url, img.width);
  return srcSet
    ? { sizes: lightboxSizes(img.width, img.height), srcSet, src: photoVariantUrl(img.url, 1600) }
    : { sizes: undefined, srcSet: undefined, src: img.url };
}

/** While open: the page behind does not scroll, focus starts on `focusRef` and goes back where it was on close. */
function useModalFocusAndScroll(focusRef: RefObject<HTMLElement>) {
  useEffect(() => {
    const previousFocus = document.activeElement as HTMLElement | null;
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    focusRef.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      previousFocus?.focus();
    };
  }, [focusRef]);
}

/** Warms the cache for the neighbours so arrowing through is instant. */
function usePreloadNeighbours(images: ProfileImage[], index: number) {
  useEffect(() => {
    const count = images.length;
    for (let d = 1; d <= LIGHTBOX_PRELOAD; d++) {
      for (const i of [index + d, index - d]) {
        const img = images[(i + count) % count];
        if (!img) continue;
        // The size the lightbox will pick, not the stored photo: srcset and sizes before src.
        const preload = new Image();
        const { srcSet, sizes, src } = lightboxSource(img);
        if (srcSet && sizes) {
          preload.sizes = sizes;
          preload.srcset = srcSet;
        }
        preload.src = src;
      }
    }
  }, [images, index]);
}

function StepButton({ step, onStep }: { step: 1 | -1; onStep: (step: 1 | -1) => void }) {
  return (
    <button
      type="button"
      onClick={() => onStep(step)}
      aria-label={step > 0 ? "Next photo" : "Previous photo"}
      className={`absolute ${step > 0 ? "right-2" : "left-2"} top-1/2 inline-flex h-12 w-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/10 text-2xl text-white`}
    >
      {step > 0 ? "›" : "‹"}
    </button>
  );
}

/** Full-screen photo viewer: arrows, Escape, swipe; a modal dialog (focus stays inside), page scroll frozen while open. */
export function Lightbox({ images, index, name, onIndex, onClose, now }: Props) {
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

  useModalFocusAndScroll(closeRef);
  useEffect(() => {
    const raf = requestAnimationFrame(() => setVisible(true));
    return () => cancelAnimationFrame(raf);
  }, []);
  usePreloadNeighbours(images, index);

  const image = images[index];
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
      {count > 1 ? <StepButton step={-1} onStep={go} /> : null}
      <img
        key={image.imageId}
        {...lightboxSource(image)}
        alt={`Photo ${index + 1} of ${count} of ${name}`}
        width={image.width}
        height={image.height}
        className="max-h-[90dvh] max-w-[92vw] object-contain"
        style={{
          animation: slide ? `lightbox-slide-${slide > 0 ? "next" : "prev"} ${LIGHTBOX_SWIPE_MS}ms ease` : undefined,
        }}
        data-testid="lightbox-image"
      />
      {count > 1 ? <StepButton step={1} onStep={go} /> : null}
      <p
        className="absolute bottom-4 left-0 right-0 flex flex-col items-center gap-1 text-center text-sm text-zinc-300"
        aria-live="polite"
      >
        <span data-testid="lightbox-check" className={image.verifiedAt != null ? "text-sky-300" : undefined}>
          {photoCheckText(image.verifiedAt, now)}
        </span>
        <span>
          {index + 1} / {count}
        </span>
      </p>
    </Dialog>
  );
}
