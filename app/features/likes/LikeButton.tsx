import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { FormEvent } from "react";
import { newToken } from "~/platform/data/ids";
import { isVisitorId, likedInSearch, LIKES_KEY, parseLikes, VISITOR_KEY, withLike } from "./likes";
import { ThumbUpIcon } from "~/ui/icons";

/** The random visitor id, created on first use; null until read, and likes wait for it. */
function useVisitorId(): string | null {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    try {
      let value = localStorage.getItem(VISITOR_KEY);
      if (!isVisitorId(value)) {
        value = newToken(18);
        localStorage.setItem(VISITOR_KEY, value);
      }
      setId(value);
    } catch {
      // Storage blocked: likes stay off.
    }
  }, []);
  return id;
}

function readLikes() {
  try {
    return parseLikes(localStorage.getItem(LIKES_KEY));
  } catch {
    return {};
  }
}

/**
 * Like toggle (a thumb; the heart is Favourites): shows the change at once, rolls it back if the server says
 * no. Without JavaScript the page's `?liked=` (the form's answer, likes.ts) says what this visit liked.
 */
export function LikeButton({
  listingId,
  name,
  likes: initialLikes,
  compact,
}: {
  listingId: string;
  name: string;
  likes?: number;
  compact?: boolean;
}) {
  const visitorId = useVisitorId();
  const likedByForm = likedInSearch(useLocation().search).includes(listingId);
  const [liked, setLiked] = useState(likedByForm);
  const [count, setCount] = useState<number | undefined>(initialLikes);
  const [busy, setBusy] = useState(false);
  useEffect(() => setLiked(Boolean(readLikes()[listingId]) || likedByForm), [listingId, likedByForm]);
  useEffect(() => setCount(initialLikes), [initialLikes]);

  async function toggle(event: FormEvent) {
    // With JavaScript the form never posts: the API call below shows the change at once.
    event.preventDefault();
    if (!visitorId || busy) return;
    const next = !liked;
    const before = { liked, count };
    setLiked(next);
    setCount((c) => (c == null ? c : Math.max(0, c + (next ? 1 : -1))));
    setBusy(true);
    try {
      const res = await fetch(`/api/profiles/${listingId}/like`, {
        method: next ? "POST" : "DELETE",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ fingerprint: visitorId }),
      });
      const body = (await res.json().catch(() => ({}))) as { success?: boolean; liked?: boolean; likes?: number };
      if (!res.ok || !body.success) throw new Error("API call failed");
      setLiked(Boolean(body.liked));
      if (typeof body.likes === "number") setCount(body.likes);
      localStorage.setItem(LIKES_KEY, JSON.stringify(withLike(readLikes(), listingId, Boolean(body.liked))));
    } catch {
      console.error("API call failed");
      setLiked(before.liked);
      setCount(before.count);
    } finally {
      setBusy(false);
    }
  }

  return (
    // A plain form, so the button also likes (and unlikes) without JavaScript: routes/likes.$modelId.ts sends
    // the browser back to this card, liked; hydrated, the submit is handled here instead.
    <form method="post" action={`/likes/${listingId}`} onSubmit={toggle} className="contents">
      <input type="hidden" name="liked" value={liked ? "0" : "1"} />
      <button
        type="submit"
        aria-pressed={liked}
        // Icon-only on cards, so named here; with visible text the name comes from the content.
        aria-label={compact ? (liked ? `Unlike ${name}` : `Like ${name}`) : undefined}
        data-testid="like-button"
        className={`toggle-btn ${compact ? "on-photo" : "border border-line px-3"} ${liked ? "text-accent" : "text-white"}`}
      >
        <ThumbUpIcon filled={liked} className="h-5 w-5" />
        {compact ? null : (
          <>
            <span className="text-sm">{liked ? "Liked" : "Like"}</span>
            <span className="sr-only"> {name}</span>
            {count != null ? (
              <span className="text-sm text-muted" data-testid="like-count">
                {count}
              </span>
            ) : null}
          </>
        )}
      </button>
    </form>
  );
}
