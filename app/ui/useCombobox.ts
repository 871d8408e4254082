// The one keyboard combobox (WAI-ARIA 'list autocomplete'): a text field that controls a list of options. It
// serves the header's 'Find by name' box and the editor's suburb picker; each keeps its own text, options and
// what choosing does, and this keeps which option is highlighted, whether the list is open, and the keys:
// - ArrowDown/ArrowUp open a closed list on its first/last option, then move the highlight;
// - Enter chooses the highlighted option (else the key does what it does without a list: submit the form);
// - Escape closes a shown list; the widget's onEscape decides what else it does (clear the text, put the
//   value back).
import { useId, useState } from "react";
import type { KeyboardEvent } from "react";

export type ComboboxState = { open: boolean; active: number };

export type ComboboxMode = {
  /** How many options the list holds now. */
  count: number;
  /**
   * True: no option is highlighted at rest (-1), and the arrows pass through that place between the last and
   * the first, back to the typed text (the search box). False: one option always is, and the arrows stop at
   * the ends (the suburb picker).
   */
  noneHighlighted: boolean;
  /** The list shows a line of its own ('No suburbs found.') when it holds no option, so it opens even then. */
  showsEmpty: boolean;
};

export type ComboboxStep = ComboboxState & {
  /** The key was the combobox's: the browser's own action (a caret move, a submit) is prevented. */
  handled: boolean;
  /** The option Enter chose. */
  choose: number | null;
  /** Escape was pressed: "list" when it closed a shown list, "field" when no list was shown. */
  escape: "list" | "field" | null;
};

/** The highlight at rest: on nothing, or on the first option. */
export const restingHighlight = (noneHighlighted: boolean) => (noneHighlighted ? -1 : 0);

/**
 * The highlight once new options replace the list: on the same option (by key) if it is still there, wherever
 * it now is, else at rest. A lookup for more of the text often still holds the option the visitor moved to.
 */
export function highlightAfterChange(
  before: readonly string[] | undefined,
  active: number,
  after: readonly string[] | undefined,
  resting: number,
): number {
  const kept = active >= 0 ? before?.[active] : undefined;
  const index = kept === undefined || !after ? -1 : after.indexOf(kept);
  return index >= 0 ? index : resting;
}

/** Whether the list is shown: open, and holding options or its own empty line. */
export const isShown = ({ open }: ComboboxState, { count, showsEmpty }: ComboboxMode) =>
  open && (count > 0 || showsEmpty);

function moved(active: number, down: boolean, { count, noneHighlighted }: ComboboxMode): number {
  if (!noneHighlighted) return Math.min(Math.max(active + (down ? 1 : -1), 0), count - 1);
  // Through the text (-1): past the last back to the text, up from the text to the last.
  if (down) return active >= count - 1 ? -1 : active + 1;
  return active <= -1 ? count - 1 : active - 1;
}

/** What one key does to the combobox (pure: the hook below applies it). */
export function comboboxKey(key: string, state: ComboboxState, mode: ComboboxMode): ComboboxStep {
  const same: ComboboxStep = { ...state, handled: false, choose: null, escape: null };
  if (key === "ArrowDown" || key === "ArrowUp") {
    const down = key === "ArrowDown";
    if (mode.count === 0) return mode.showsEmpty ? { ...same, open: true, handled: true } : same;
    if (!state.open) return { ...same, open: true, active: down ? 0 : mode.count - 1, handled: true };
    return { ...same, active: moved(state.active, down, mode), handled: true };
  }
  if (key === "Enter") {
    const chosen = state.open && state.active >= 0 && state.active < mode.count;
    return chosen ? { ...same, handled: true, choose: state.active } : same;
  }
  if (key === "Escape") {
    if (!isShown(state, mode)) return { ...same, escape: "field" };
    return { ...same, open: false, active: restingHighlight(mode.noneHighlighted), handled: true, escape: "list" };
  }
  return same;
}

export type ComboboxOptions = {
  /** How many options the list holds now. */
  count: number;
  /**
   * The options, as a value that changes exactly when they do (the array itself, kept between renders as
   * state or a memo): a change puts the highlight back to rest, or on the same option when `keys` finds it.
   */
  options: unknown;
  /** Each option's identity, in order: the highlight stays on its option when new options still hold it. */
  keys?: readonly string[];
  noneHighlighted?: boolean;
  showsEmpty?: boolean;
  /** Open from the first render (the search box, when the visitor was typing before its code ran). */
  initiallyOpen?: boolean | (() => boolean);
  onChoose: (index: number) => void;
  /** Escape's own part; answering true says it did something, so the browser's Escape is prevented. */
  onEscape?: (closedList: boolean) => boolean | void;
};

export function useCombobox({
  count,
  options,
  keys,
  noneHighlighted = false,
  showsEmpty = false,
  initiallyOpen = false,
  onChoose,
  onEscape,
}: ComboboxOptions) {
  const listId = useId();
  const resting = restingHighlight(noneHighlighted);
  const [open, setOpen] = useState(initiallyOpen);
  // When the options change, the highlight follows its option or goes back to rest, in the same update
  // (adjusted during render).
  const [highlight, setHighlight] = useState({ active: resting, options, keys });
  let active = highlight.active;
  if (!Object.is(highlight.options, options)) {
    active = highlightAfterChange(highlight.keys, highlight.active, keys, resting);
    setHighlight({ active, options, keys });
  }
  const setActive = (index: number) => setHighlight({ active: index, options, keys });

  const mode: ComboboxMode = { count, noneHighlighted, showsEmpty };
  const shown = isShown({ open, active }, mode);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const step = comboboxKey(e.key, { open, active }, mode);
    let handled = step.handled;
    if (step.open !== open) setOpen(step.open);
    if (step.active !== active) setActive(step.active);
    if (step.choose !== null) onChoose(step.choose);
    if (step.escape && onEscape?.(step.escape === "list")) handled = true;
    if (handled) e.preventDefault();
  };

  return {
    listId,
    open,
    setOpen,
    active,
    setActive,
    /** Whether the list is shown (aria-expanded). */
    shown,
    optionId,
    /** What the text field carries as the combobox. */
    inputProps: {
      role: "combobox",
      "aria-autocomplete": "list",
      "aria-expanded": shown,
      "aria-controls": listId,
      "aria-activedescendant": shown && active >= 0 && active < count ? optionId(active) : undefined,
      onKeyDown,
    } as const,
  };
}
