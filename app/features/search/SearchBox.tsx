import { Form, useNavigate } from "@remix-run/react";
import { lazy, Suspense, useRef, useState } from "react";
import type { ComponentProps, ComponentType } from "react";
import { suggestionHref } from "./suggestions";
import type { Suggestion } from "./suggestions";
import { SearchIcon } from "~/ui/icons";
import { useCombobox } from "~/ui/useCombobox";
import { useSuggestions } from "./useSuggestions";
// Types only: the module itself is loaded lazily below.
import type { SuggestionList as SuggestionListComponent } from "./SuggestionList";

// The list's code is fetched when the box is first focused, not with the page: most visitors never type a
// name, and until the first answer there is nothing to list. A module that cannot be fetched (a tab left open
// across a deploy) leaves the box without suggestions, still a working search form, rather than failing the page.
type SuggestionListModule = {
  default: ComponentType<ComponentProps<typeof SuggestionListComponent>>;
};
const loadSuggestionList = (): Promise<SuggestionListModule> =>
  import("./SuggestionList").then(
    (m) => ({ default: m.SuggestionList }),
    (error: unknown) => {
      console.error("SearchBox: could not load the suggestion list", error);
      return { default: () => null };
    },
  );
const SuggestionList = lazy(loadSuggestionList);

const FIELD_ID = "site-search";

/** What the server's field holds in the browser before this component first renders: what the visitor typed. */
function typedBefore(): string {
  if (typeof document === "undefined") return "";
  return (document.getElementById(FIELD_ID) as HTMLInputElement | null)?.value ?? "";
}

/**
 * The header's 'Find by name' box: a form to /search?q= (works without JavaScript; Enter or the button,
 * only for non-blank text), enhanced into a WAI-ARIA combobox (app/ui/useCombobox.ts) that suggests up to 5
 * names as you type. ArrowDown/ArrowUp move through the suggestions and back to the text, Enter opens the
 * highlighted one (else searches the text), Escape closes the list and, once closed, clears the text.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  // Hydrating, the box starts from the text typed before its code ran (app/ui/island.tsx), still in the field:
  // starting empty, React would put the field back to empty.
  const [text, setText] = useState(typedBefore);
  const { suggestions, busy } = useSuggestions(text);
  const combobox = useCombobox({
    count: suggestions.length,
    options: suggestions,
    keys: suggestions.map((s) => s.listingId),
    noneHighlighted: true,
    initiallyOpen: () => typedBefore() !== "" && document.activeElement?.id === FIELD_ID,
    onChoose: (i) => go(suggestions[i]),
    onEscape: (closedList) => {
      if (closedList || !text) return false;
      setText("");
      return true;
    },
  });
  const { listId, shown, active, optionId, setOpen, setActive } = combobox;

  const go = (s: Suggestion) => {
    setOpen(false);
    setText("");
    // Off the box: its focus would keep a phone's keyboard up over the profile opened.
    input.current?.blur();
    navigate(suggestionHref(s.listingId));
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
      <label htmlFor={FIELD_ID} className="sr-only">
        Find by name
      </label>
      <input
        ref={input}
        id={FIELD_ID}
        name="q"
        type="search"
        required
        pattern=".*\S.*"
        maxLength={100}
        placeholder="Find by name"
        autoComplete="off"
        {...combobox.inputProps}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          setOpen(true);
          void loadSuggestionList();
        }}
        // A click on a suggestion keeps the focus (mousedown is prevented there), so blur means leaving.
        onBlur={() => setOpen(false)}
        className="site-search-input"
      />
      <button type="submit" className="site-search-button" aria-label="Search">
        <SearchIcon />
      </button>
      <Suggestions
        listId={listId}
        suggestions={suggestions}
        expanded={shown}
        busy={busy}
        active={active}
        optionId={optionId}
        setActive={setActive}
        go={go}
      />
    </Form>
  );
}

/** The suggested names, and the live region that says how many there are. */
function Suggestions(props: ComponentProps<typeof SuggestionList>) {
  const { listId, suggestions, expanded, busy } = props;
  return (
    <>
      {suggestions.length > 0 ? (
        <Suspense fallback={<EmptyList listId={listId} busy={busy} />}>
          <SuggestionList {...props} />
        </Suspense>
      ) : (
        <EmptyList listId={listId} busy={busy} />
      )}
      {/* Always in the page: a live region inserted together with its text is often not read. */}
      <p className="sr-only" aria-live="polite">
        {expanded ? `${suggestions.length} suggestion${suggestions.length === 1 ? "" : "s"} available` : ""}
      </p>
    </>
  );
}

/** The listbox the combobox controls, before there is anything to suggest. */
function EmptyList({ listId, busy }: { listId: string; busy: boolean }) {
  return (
    <ul id={listId} role="listbox" aria-label="Suggested names" aria-busy={busy} hidden className="site-search-list" />
  );
}
