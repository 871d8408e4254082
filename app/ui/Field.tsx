import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { ErrorList } from "./ErrorList";

/** page: a form in a page (roomy labels); compact: a form in a small card (the login and reset screens, the admin queue). */
export type FieldVariant = "page" | "compact";

type Named = { id: string; name: string };

type Common = {
  label: ReactNode;
  /** A hint under the control, read out with it. */
  description?: ReactNode;
  /** This field's messages, listed under it. */
  errors?: readonly string[] | null;
  /**
   * The id of a message shown elsewhere that concerns this field (the login screens' one red box above
   * the form): the control is marked invalid and points at it, and nothing is repeated under it.
   */
  errorElsewhere?: string | null;
  variant?: FieldVariant;
  className?: string;
  errorTestId?: string;
};

type InputField = Common & { input: InputHTMLAttributes<HTMLInputElement> & Named };
type TextareaField = Common & { textarea: TextareaHTMLAttributes<HTMLTextAreaElement> & Named };
type SelectField = Common & { select: SelectHTMLAttributes<HTMLSelectElement> & Named; children: ReactNode };
export type FieldProps = InputField | TextareaField | SelectField;

const BOX = "w-full rounded-lg border border-line bg-ink px-3 text-base text-white";
const CONTROL = {
  input: { page: `min-h-11 py-2 ${BOX} placeholder:text-zinc-500`, compact: `h-12 ${BOX} placeholder:text-zinc-500` },
  textarea: { page: `py-2 ${BOX} placeholder:text-zinc-500`, compact: `py-2 ${BOX} placeholder:text-zinc-500` },
  select: { page: `min-h-11 py-2 ${BOX}`, compact: `h-12 ${BOX}` },
} as const;
const LABEL: Record<FieldVariant, string> = { page: "block font-medium", compact: "block text-sm font-medium" };

/**
 * A label, one control (input, textarea or select), an optional description and the field's errors,
 * wired together: the label names the control, aria-describedby reads the description and the errors,
 * aria-invalid marks it while it has any. Works with Conform's getInputProps / getTextareaProps /
 * getSelectProps (pass their result as `input`, `textarea` or `select`) or with plain props.
 * A className on the control replaces the default look rather than adding to it.
 */
export function Field(props: FieldProps) {
  const { label, description, errors, errorElsewhere, variant = "page", className, errorTestId } = props;
  const control = "input" in props ? props.input : "textarea" in props ? props.textarea : props.select;
  const id = control.id;
  const descriptionId = description ? `${id}-description` : undefined;
  const shownErrors = errors?.filter(Boolean) ?? [];
  const errorId = shownErrors.length > 0 ? `${id}-error` : undefined;
  const invalid = errorId !== undefined || Boolean(errorElsewhere);
  const aria = {
    "aria-invalid": invalid || undefined,
    "aria-describedby": [descriptionId, errorId, errorElsewhere || undefined].filter(Boolean).join(" ") || undefined,
  };

  let element: ReactNode;
  if ("input" in props) {
    element = <input {...props.input} {...aria} className={props.input.className ?? CONTROL.input[variant]} />;
  } else if ("textarea" in props) {
    element = (
      <textarea {...props.textarea} {...aria} className={props.textarea.className ?? CONTROL.textarea[variant]} />
    );
  } else {
    element = (
      <select {...props.select} {...aria} className={props.select.className ?? CONTROL.select[variant]}>
        {props.children}
      </select>
    );
  }

  return (
    <div className={className ? `space-y-1 ${className}` : "space-y-1"}>
      <label htmlFor={id} className={LABEL[variant]}>
        {label}
      </label>
      {element}
      {description ? (
        <p id={descriptionId} className={variant === "compact" ? "text-xs text-muted" : "text-sm text-muted"}>
          {description}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={shownErrors} testId={errorTestId} />
    </div>
  );
}
