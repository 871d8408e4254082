import { useEffect, useRef, useState } from "react";
import { PLACEHOLDER_URL } from "~/lib/photo-keys";

type PhotoProps = {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
  eager?: boolean;
};

/** An image in a fixed frame that falls back to the placeholder when it is missing or fails to load. */
export function Photo({ src, alt, width, height, className, eager }: PhotoProps) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // A server-rendered image can fail before React attaches onError: check once after hydration.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && src) setFailed(true);
  }, [src]);
  return (
    <img
      ref={ref}
      src={!src || failed ? PLACEHOLDER_URL : src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
