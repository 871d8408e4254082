import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ProfileImage } from "~/core/profile";
import { GALLERY_MAIN_SIZES, GALLERY_SIDE_SIZES } from "~/features/photos/variants";
import { primaryImage } from "~/core/profile";
import { clientLazy } from "~/ui/clientLazy";
import { Photo } from "~/features/photos/Photo";
import { Lightbox as EagerLightbox } from "./Lightbox";
import { PhotoCheckBadge, photoCheckWords } from "./PhotoCheckBadge";

// Opened by a click, so its code (and the dialog's) loads on the first open, not with the profile.
const Lightbox = clientLazy(import.meta.env.SSR ? EagerLightbox : null, () =>
  import("./Lightbox").then((m) => m.Lightbox),
);

export const GALLERY_SIDE_IMAGES = 4;

// The history entry an open lightbox adds, so that a phone's Back closes it instead of leaving the profile.
// A hash of its own: the router treats a hash-only change as no navigation (no loaders run, the page and
// its scroll position stay), and no element has this id, so nothing scrolls to it.
const LIGHTBOX_HASH = "#photos";

/**
 * Which photo the lightbox shows (null: closed), kept in step with the browser's history: opening pushes an
 * entry, Back pops it and closes the lightbox, and closing it by its own button or Escape goes back over
 * the entry it pushed, so Back from the page still leaves it.
 */
function useLightboxHistory() {
  const [open, setOpen] = useState<number | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const inHistory = location.hash === LIGHTBOX_HASH;
  // Whether the entry we are on is one this page pushed (a reload at the hash has none to go back over).
  const pushed = useRef(false);
  useEffect(() => {
    if (!inHistory) {
      pushed.current = false;
      setOpen(null);
    }
  }, [inHistory]);
  const show = useCallback(
    (i: number) => {
      setOpen(i);
      if (inHistory) return;
      pushed.current = true;
      navigate({ hash: LIGHTBOX_HASH, search: location.search }, { preventScrollReset: true });
    },
    [inHistory, location.search, navigate],
  );
  const close = useCallback(() => {
    // Back over our own entry; the effect above then closes.
    if (pushed.current) navigate(-1);
    else setOpen(null);
  }, [navigate]);
  return { open, setOpen, show, close };
}

/**
 * One main photo and up to four beside it; any click opens the lightbox on that photo. `onOpen` hears which
 * photo was opened (the public page counts it: app/features/insights/beacon.ts; the editor's preview does not).
 */
export function Gallery({
  images,
  name,
  onOpen,
  now,
}: {
  images: ProfileImage[];
  name: string;
  onOpen?: (photoUrl: string) => void;
  /** The page's clock: a check over 12 months old says so. */
  now: number;
}) {
  const { open, setOpen, show, close } = useLightboxHistory();
  const main = primaryImage(images);
  const ordered = main ? [main, ...images.filter((i) => i !== main)] : images;
  const side = ordered.slice(1, 1 + GALLERY_SIDE_IMAGES);
  if (!main) {
    return (
      <div className="aspect-[3/4] w-full overflow-hidden rounded-xl bg-zinc-900 md:max-w-md">
        <Photo src={null} alt={`No photo of ${name}`} width={600} height={800} className="h-full w-full object-cover" />
      </div>
    );
  }
  const thumb = (img: ProfileImage, i: number, big: boolean) => (
    <button
      key={img.imageId}
      type="button"
      onClick={() => {
        show(i);
        onOpen?.(img.url);
      }}
      className={`relative block overflow-hidden rounded-xl bg-zinc-900 ${big ? "aspect-[3/4]" : "aspect-[3/4]"}`}
      aria-label={[`Open photo ${i + 1} of ${ordered.length}`, photoCheckWords(img.verifiedAt ?? null, now)]
        .filter(Boolean)
        .join(", ")}
      data-testid={big ? "gallery-main" : "gallery-side"}
    >
      <Photo
        src={img.url}
        alt={`Photo ${i + 1} of ${name}`}
        width={img.width}
        height={img.height}
        priority={big}
        sizes={big ? GALLERY_MAIN_SIZES : GALLERY_SIDE_SIZES}
        className="h-full w-full object-cover"
      />
      <PhotoCheckBadge verifiedAt={img.verifiedAt ?? null} now={now} full={big} />
    </button>
  );
  return (
    <div className="grid gap-2 sm:grid-cols-[2fr_1fr]" data-testid="gallery">
      {thumb(ordered[0], 0, true)}
      {side.length ? (
        <div className="grid grid-cols-4 gap-2 sm:grid-cols-2 sm:content-start">
          {side.map((img, i) => thumb(img, i + 1, false))}
        </div>
      ) : null}
      {open != null ? (
        <Lightbox images={ordered} index={open} name={name} onIndex={setOpen} onClose={close} now={now} />
      ) : null}
      {/* Without JavaScript the photos open as files: every one of them, also those past the thumbnails. */}
      <noscript>
        <p className="text-sm sm:col-span-2" data-testid="gallery-links">
          {ordered.map((img, i) => (
            <a
              key={img.imageId}
              href={img.url}
              className="mr-3 inline-flex min-h-11 items-center text-accent underline"
            >
              {`Photo ${i + 1} of ${ordered.length}`}
            </a>
          ))}
        </p>
      </noscript>
    </div>
  );
}
