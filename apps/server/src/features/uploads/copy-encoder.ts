import { STUDENT_TEMPLATE } from '@insightra/contract';
import type { CellValue } from './validate';

/** dataset_rows columns in template order; the table mirrors the student template. */
const TEMPLATE_COLUMNS = STUDENT_TEMPLATE.columns.map((c) => c.name);
export const COPY_COLUMNS = ['upload_id', 'user_id', ...TEMPLATE_COLUMNS].join(', ');
const BOOLEAN_COLUMNS = new Set(['project_submitted']);
const BOOL_INDEXES = TEMPLATE_COLUMNS.map((name) => BOOLEAN_COLUMNS.has(name));
// Only free text can hold a tab, newline or backslash; enums, numbers and dates are validated forms.
const TEXT_INDEXES = STUDENT_TEMPLATE.columns.map((c) => c.kind.type === 'text');

// COPY text format: backslash escapes for the few characters that would end a field or a row.
const SPECIAL = /[\\\t\n\r]/;
function escapeCopy(value: string): string {
  if (!SPECIAL.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** One accepted row as a line of COPY text for dataset_rows (COPY_COLUMNS order). */
export function copyLineEncoder(uploadId: number, userId: number): (values: CellValue[]) => string {
  const prefix = `${uploadId}\t${userId}\t`;
  return (values) => {
    let line = prefix;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (i) line += '\t';
      if (v === null || v === undefined) line += '\\N';
      else if (BOOL_INDEXES[i]) line += v === 'Yes' ? 't' : 'f';
      else if (TEXT_INDEXES[i]) line += escapeCopy(v as string);
      else line += v;
    }
    return `${line}\n`;
  };
}
