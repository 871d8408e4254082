// The search box's list of suggested names; each a small photo, the name, age and place.
import { photoVariantUrl } from "~/features/photos/variants";
import type { Suggestion } from "./suggestions";

export function SuggestionList({
  listId,
  suggestions,
  expanded,
  busy,
  active,
  optionId,
  setActive,
  go,
}: {
  listId: string;
  suggestions: Suggestion[];
  expanded: boolean;
  /** The list answers other text than the box now holds: a newer answer is on its way. */
  busy: boolean;
  active: number;
  optionId: (i: number) => string;
  setActive: (i: number) => void;
  go: (s: Suggestion) => void;
}) {
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label="Suggested names"
      aria-busy={busy}
      hidden={!expanded}
      className="site-search-list"
    >
      {suggestions.map((s, i) => (
        <SuggestionOption
          key={s.listingId}
          s={s}
          id={optionId(i)}
          active={i === active}
          onHighlight={() => setActive(i)}
          onChoose={() => go(s)}
        />
      ))}
    </ul>
  );
}

function SuggestionOption({
  s,
  id,
  active,
  onHighlight,
  onChoose,
}: {
  s: Suggestion;
  id: string;
  active: boolean;
  onHighlight: () => void;
  onChoose: () => void;
}) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className={`flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm ${active ? "bg-ink text-white" : "text-zinc-200"}`}
      onMouseDown={(e) => e.preventDefault()}
      onMouseEnter={onHighlight}
      onClick={onChoose}
    >
      {s.photoUrl ? (
        <img
          // A 32 px thumbnail: the smallest size, not the stored photo.
          src={photoVariantUrl(s.photoUrl, 480)}
          alt=""
          width={32}
          height={43}
          loading="lazy"
          className="h-[43px] w-8 shrink-0 rounded object-cover"
        />
      ) : (
        <span aria-hidden="true" className="h-[43px] w-8 shrink-0 rounded bg-zinc-800" />
      )}
      <span className="min-w-0 truncate">
        <span className="font-semibold">{s.firstName}</span>
        {s.age ? `, ${s.age}` : ""}
        <span className="text-muted"> · {s.location}</span>
      </span>
    </li>
  );
}
