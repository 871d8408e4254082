// The editor's labelled form controls. Every control has a visible label, its error beside it (linked
// with aria-describedby and aria-invalid) and a 44 px target.
import type { Dispatch, ReactNode } from "react";
import { setField } from "./editor-state";
import type { EditorAction } from "./editor-state";
import type { FieldErrors, ListingValues } from "~/features/listings/schema";

export const INPUT =
  "min-h-11 w-full rounded-lg border border-line bg-ink px-3 text-base text-white placeholder:text-zinc-500 disabled:cursor-not-allowed disabled:opacity-70 aria-[invalid=true]:border-red-500";

export const BUTTON =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-line px-4 font-semibold text-white hover:border-accent hover:text-accent disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-line disabled:hover:text-white";

export const PRIMARY =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-accent px-4 font-semibold text-ink hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60";

export const fieldId = (name: string) => `field-${name.replace(/[^a-zA-Z0-9_-]/g, "-")}`;
export const errorId = (name: string) => `${fieldId(name)}-error`;

export function FieldError({ name, message }: { name: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={errorId(name)} className="text-sm text-red-300" data-testid={`error-${name}`}>
      {message}
    </p>
  );
}

type Common = { name: string; label: string; error?: string; hint?: ReactNode; required?: boolean };

function Label({ name, label, required }: Pick<Common, "name" | "label" | "required">) {
  return (
    <label htmlFor={fieldId(name)} className="block text-sm font-medium">
      {label}
      {/* The asterisk is for the eye; aria-required says it to screen readers. */}
      {required ? (
        <span className="text-accent" aria-hidden="true">
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
}

/**
 * The attributes that tie a control to its error and to the texts that describe it (hints, counters), so a
 * screen reader says them with the control. Its error comes first.
 */
export function describedProps(name: string, error?: string, ...texts: (string | undefined)[]) {
  const ids = [error ? errorId(name) : undefined, ...texts].filter(Boolean);
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
  } as const;
}

/** What every labelled control here carries: its id and name, required for screen readers, its error. */
function controlProps({ name, error, required }: Common, ...texts: (string | undefined)[]) {
  return {
    id: fieldId(name),
    name,
    "aria-required": required || undefined,
    ...describedProps(name, error, ...texts),
  } as const;
}

/**
 * What the single-control fields share around their control: the label above it, the error below it. The
 * control itself comes as children and carries controlProps, so its id matches the label's htmlFor.
 */
function FieldShell({ name, label, error, required, children }: Common & { children: ReactNode }) {
  return (
    <div className="space-y-1">
      <Label name={name} label={label} required={required} />
      {children}
      <FieldError name={name} message={error} />
    </div>
  );
}

export function TextField({
  value,
  onChange,
  type = "text",
  inputMode,
  autoComplete,
  maxLength,
  placeholder,
  min,
  max,
  step,
  ...field
}: Common & {
  value: string;
  onChange: (value: string) => void;
  type?: string;
  inputMode?: "text" | "numeric" | "decimal" | "tel" | "url";
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  min?: number;
  max?: number;
  step?: string;
}) {
  const hintId = field.hint ? `${fieldId(field.name)}-hint` : undefined;
  // A text's limit is shown, so a longer paste is not cut without a word (numbers have their own bounds).
  const limit = maxLength !== undefined && (type === "text" || type === "url") ? maxLength : undefined;
  const limitId = limit !== undefined ? `${fieldId(field.name)}-limit` : undefined;
  return (
    <FieldShell {...field}>
      <input
        {...controlProps(field, hintId, limitId)}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode={inputMode}
        autoComplete={autoComplete ?? "off"}
        maxLength={maxLength}
        placeholder={placeholder}
        min={min}
        max={max}
        step={step}
        className={INPUT}
      />
      {field.hint ? (
        <p id={hintId} className="text-xs text-muted">
          {field.hint}
        </p>
      ) : null}
      {limit !== undefined ? <LengthLimit id={limitId!} name={field.name} length={value.length} limit={limit} /> : null}
    </FieldShell>
  );
}

/** "12 / 50" under a text field; at the limit it says that more is not taken. */
function LengthLimit({ id, name, length, limit }: { id: string; name: string; length: number; limit: number }) {
  const full = length >= limit;
  return (
    <p id={id} className={`text-right text-xs ${full ? "text-amber-300" : "text-muted"}`} data-testid={`limit-${name}`}>
      {length} / {limit}
      <span className="sr-only"> characters</span>
      {full ? <span>: the most this field takes</span> : null}
    </p>
  );
}

/** A text area with a live character counter ("23 / 100"), announced politely as it changes. */
export function TextAreaField({
  value,
  onChange,
  min,
  max,
  rows = 4,
  ...field
}: Common & { value: string; onChange: (value: string) => void; min?: number; max: number; rows?: number }) {
  const length = value.trim().length;
  const counterId = `${fieldId(field.name)}-counter`;
  const tone = length > max || (min !== undefined && length > 0 && length < min) ? "text-amber-300" : "text-muted";
  return (
    <FieldShell {...field}>
      <textarea
        {...controlProps(field, counterId)}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={max}
        className={`${INPUT} py-2`}
      />
      <p id={counterId} className={`text-right text-xs ${tone}`} data-testid={`counter-${field.name}`}>
        {length} / {max}
        {min !== undefined ? (
          <span className="sr-only"> characters, at least {min}</span>
        ) : (
          <span className="sr-only"> characters</span>
        )}
      </p>
    </FieldShell>
  );
}

export function SelectField({
  value,
  onChange,
  options,
  placeholder = "Choose…",
  ...field
}: Common & { value: string; onChange: (value: string) => void; options: readonly string[]; placeholder?: string }) {
  return (
    <FieldShell {...field}>
      <select {...controlProps(field)} value={value} onChange={(e) => onChange(e.target.value)} className={INPUT}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/**
 * A multi-select as a group of toggle chips (real checkboxes, so it reads and works like one for
 * keyboards and screen readers), with the number chosen in its legend.
 */
export function MultiSelect({
  name,
  label,
  error,
  options,
  value,
  onChange,
}: Common & { options: readonly string[]; value: string[]; onChange: (value: string[]) => void }) {
  const chosen = new Set(value);
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId(name) : undefined} data-testid={`multi-${name}`}>
      <legend className="text-sm font-medium">
        {label} <span className="text-muted">({chosen.size} selected)</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line bg-ink px-3 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent/15 has-[:checked]:text-accent has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-strong has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70"
          >
            <input
              type="checkbox"
              name={name}
              value={option}
              checked={chosen.has(option)}
              onChange={(e) =>
                onChange(
                  e.target.checked
                    ? options.filter((o) => chosen.has(o) || o === option)
                    : value.filter((v) => v !== option),
                )
              }
              className="sr-only"
            />
            {option}
          </label>
        ))}
      </div>
      <FieldError name={name} message={error} />
    </fieldset>
  );
}

/** What each wizard page gets: the form, its errors, whether it can be changed, and where edits go. */
export type EditorPageProps = {
  values: ListingValues;
  errors: FieldErrors;
  editing: boolean;
  dispatch: Dispatch<EditorAction>;
};

/** `set("age")` is the age field's onChange. */
export const fieldSetter =
  (dispatch: Dispatch<EditorAction>) =>
  <K extends keyof ListingValues>(key: K) =>
  (value: ListingValues[K]) =>
    dispatch(setField(key, value));

/**
 * `field("bust")` is the bust field's name, value, onChange and error, to spread on its control, so a
 * page names each field once.
 */
export function fieldBinder({ values, errors, dispatch }: Omit<EditorPageProps, "editing">) {
  const set = fieldSetter(dispatch);
  return <K extends keyof ListingValues>(key: K) => ({
    name: key,
    value: values[key],
    onChange: set(key),
    error: errors[key],
  });
}

/** One wizard page's fields, read-only outside edit mode. */
export function PageFieldset({ legend, editing, children }: { legend: string; editing: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={!editing} className="space-y-5 disabled:opacity-90">
      <legend className="sr-only">{legend}</legend>
      {children}
    </fieldset>
  );
}
