import { useId, useState } from 'react';

export interface ChartTableColumn {
  header: string;
  /** Right-aligned, tabular figures. */
  numeric?: boolean;
}

export interface ChartDataTableProps {
  caption: string;
  columns: ChartTableColumn[];
  /** Cells already formatted for reading (India-locale figures, percentages). */
  rows: string[][];
}

/**
 * The text alternative of a chart: the same numbers as a table. Screen readers always have it; sighted
 * visitors open it with the toggle button.
 */
export function ChartDataTable({ caption, columns, rows }: ChartDataTableProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="mt-4">
      <button
        type="button"
        className="-ml-2 rounded-[var(--radius-control)] px-2 py-1 text-sm font-medium text-brand underline-offset-4 hover:underline"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? 'Hide data table' : 'Show data table'}
      </button>
      <div id={id} className={open ? 'mt-2 overflow-x-auto' : 'sr-only'}>
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-line">
              {columns.map((c) => (
                <th
                  key={c.header}
                  scope="col"
                  className={`px-3 py-2 font-semibold text-ink ${c.numeric ? 'text-right' : ''}`}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.join('|')} className="border-b border-line last:border-0">
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={columns[i]?.header} scope="row" className="px-3 py-2 font-medium text-ink">
                      {cell}
                    </th>
                  ) : (
                    <td
                      key={columns[i]?.header}
                      className={`px-3 py-2 text-muted ${columns[i]?.numeric ? 'tabular text-right' : ''}`}
                    >
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
