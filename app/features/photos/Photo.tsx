import { useEffect, useRef, useState } from "react";
import { PLACEHOLDER_URL } from "~/core/photo-keys";
import { photoSrcSet, photoVariantUrl } from "./variants";
import type { PhotoWidth } from "./variants";

type PhotoProps = {
  src: string | null | undefined;
  alt: string;
  /** The stored photo's own size: kept on the img so the frame is reserved before it loads (no layout shift). */
  width: number;
  height: number;
  className?: string;
  /** Loaded at once rather than when scrolled near. */
  eager?: boolean;
  /** Also fetched before other images (the first row of cards, the profile's main photo). */
  priority?: boolean;
  /** The laid-out width for `srcset` (variants.ts has one per place). Without it the photo is used as is. */
  sizes?: string;
  /** The size `src` names, for a browser that ignores srcset. */
  fallbackWidth?: PhotoWidth;
};

/** An image in a fixed frame that falls back to the placeholder when it is missing or fails to load. */
export function Photo({ src, alt, width, height, className, eager, priority, sizes, fallbackWidth = 960 }: PhotoProps) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // A server-rendered image can fail before React attaches onError: check once after hydration.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && src) setFailed(true);
  }, [src]);
  const shown = !src || failed ? null : src;
  const srcSet = shown && sizes ? photoSrcSet(shown, width) : null;
  return (
    <img
      ref={ref}
      // React 18 passes only the lowercase spelling through to the element.
      {...(priority ? { fetchpriority: "high" } : {})}
      // Before src: a client-rendered img picks its source with these already in place.
      loading={eager || priority ? "eager" : "lazy"}
      sizes={srcSet ? sizes : undefined}
      srcSet={srcSet ?? undefined}
      src={shown ? (srcSet ? photoVariantUrl(shown, fallbackWidth) : shown) : PLACEHOLDER_URL}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
