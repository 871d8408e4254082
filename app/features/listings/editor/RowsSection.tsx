// The lists of rows on page 3 (rates of a call type, packages, tour stops) work one way: a section labelled by
// its heading, a line while it has no rows, each row changed or removed in place by its index in the form's
// array (so server errors such as 'rates.2.price' land beside it), and a control that adds one.
import { Fragment } from "react";
import type { ReactNode } from "react";
import { PlusIcon } from "~/ui/icons";
import { BUTTON } from "./fields";

/** What a row gets to edit itself: its index in the whole array, its place among the rows shown (from 1). */
export type RowEdit<T> = {
  index: number;
  number: number;
  update: (patch: Partial<T>) => void;
  /** Only while editing. */
  remove?: () => void;
};

export function RowsSection<T>({
  id,
  testId,
  title,
  intro,
  empty,
  ordered = false,
  listClassName,
  rows,
  shows = () => true,
  onChange,
  editing,
  renderRow,
  add,
}: {
  /** Prefix of the heading's id ('<id>-heading'), which labels the section. */
  id: string;
  testId: string;
  title: string;
  intro?: ReactNode;
  /** Said while no row is shown. */
  empty: string;
  ordered?: boolean;
  listClassName: string;
  rows: T[];
  /** Which rows of the array this section shows (rates: those of its call type). */
  shows?: (row: T) => boolean;
  onChange: (rows: T[]) => void;
  editing: boolean;
  renderRow: (row: T, edit: RowEdit<T>) => ReactNode;
  add: ReactNode;
}) {
  const List = ordered ? "ol" : "ul";
  const shown = rows.map((row, index) => ({ row, index })).filter(({ row }) => shows(row));
  const edit = (index: number, n: number): RowEdit<T> => ({
    index,
    number: n + 1,
    update: (patch) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r))),
    remove: editing ? () => onChange(rows.filter((_, i) => i !== index)) : undefined,
  });
  return (
    <section className="space-y-3" aria-labelledby={`${id}-heading`} data-testid={testId}>
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h3>
      {intro}
      {shown.length === 0 ? <p className="text-sm text-muted">{empty}</p> : null}
      <List className={listClassName}>
        {shown.map(({ row, index }, n) => (
          <Fragment key={index}>{renderRow(row, edit(index, n))}</Fragment>
        ))}
      </List>
      {add}
    </section>
  );
}

/** The add control of a list with a plain limit (packages, tour stops). */
export function AddRowButton({ label, onAdd, testId }: { label: string; onAdd: () => void; testId?: string }) {
  return (
    <button type="button" className={BUTTON} data-testid={testId} onClick={onAdd}>
      <PlusIcon className="h-5 w-5" /> {label}
    </button>
  );
}
