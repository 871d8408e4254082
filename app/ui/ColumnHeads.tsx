// A table's column headings: one row of `<th scope="col">`, so a screen reader names each cell's column. The
// defaults are the administrators' tables (a panel-coloured head, padded cells).
import type { ReactNode } from "react";

export function ColumnHeads({
  columns,
  className = "bg-panel text-muted",
  cellClassName = "px-3 py-2",
}: {
  /** The headings, left to right; each is also the key of its cell, so no two may be the same. */
  columns: readonly string[];
  className?: string;
  cellClassName?: string;
}): ReactNode {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={cellClassName}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
