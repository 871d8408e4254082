import { Form, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { photoVariantUrl } from "~/features/photos/variants";
import { moveHighlight, SUGGEST_DEBOUNCE_MS, suggestionHref, type Suggestion } from "./suggestions";
import { SearchIcon } from "~/ui/icons";
import { useJsonFetch } from "~/ui/useJsonFetch";

/**
 * The header's 'Find by name' box: a form to /search?q= (works without JavaScript; Enter or the button,
 * only for non-blank text), enhanced into a WAI-ARIA combobox that suggests up to 5 names as you type.
 * ArrowDown/ArrowUp move through the suggestions, Enter opens the highlighted one (else searches the
 * text), Escape closes the list and, once closed, clears the text.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [text, setText] = useState("");
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { load } = useJsonFetch<{ suggestions: Suggestion[] }>();

  // Debounced lookup of what is typed; a newer lookup aborts the older (useJsonFetch).
  useEffect(() => {
    const q = text.trim();
    if (!q) {
      setSuggestions([]);
      setActive(-1);
      return;
    }
    const timer = window.setTimeout(() => {
      void load(`/api/search/suggest?q=${encodeURIComponent(q)}`).then((result) => {
        if (!result.ok) return;
        setSuggestions(result.data.suggestions);
        setActive(-1);
      });
    }, SUGGEST_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, load]);

  const expanded = open && suggestions.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const go = (s: Suggestion) => {
    setOpen(false);
    setText("");
    navigate(suggestionHref(s.modelId));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (suggestions.length === 0) return;
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(e.key === "ArrowDown" ? 0 : suggestions.length - 1);
      } else {
        setActive((a) => moveHighlight(a, e.key as "ArrowDown" | "ArrowUp", suggestions.length));
      }
    } else if (e.key === "Enter" && expanded && active >= 0) {
      e.preventDefault();
      go(suggestions[active]);
    } else if (e.key === "Escape") {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        e.preventDefault();
        setText("");
      }
    }
  };

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className="site-search"
      onSubmit={(e) => {
        e.preventDefault();
        const q = text.trim();
        setOpen(false);
        if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
      }}
    >
      <label htmlFor="site-search" className="sr-only">
        Find by name
      </label>
      <input
        ref={input}
        id="site-search"
        name="q"
        type="search"
        required
        pattern=".*\S.*"
        maxLength={100}
        placeholder="Find by name"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        // A click on a suggestion keeps the focus (mousedown is prevented there), so blur means leaving.
        onBlur={() => setOpen(false)}
        className="site-search-input"
      />
      <button type="submit" className="site-search-button" aria-label="Search">
        <SearchIcon />
      </button>
      <ul id={listId} role="listbox" aria-label="Suggested names" hidden={!expanded} className="site-search-list">
        {suggestions.map((s, i) => (
          <li
            key={s.modelId}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={`flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm ${i === active ? "bg-ink text-white" : "text-zinc-200"}`}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => go(s)}
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
        ))}
      </ul>
      <p className="sr-only" aria-live="polite">
        {expanded ? `${suggestions.length} suggestion${suggestions.length === 1 ? "" : "s"} available` : ""}
      </p>
    </Form>
  );
}
