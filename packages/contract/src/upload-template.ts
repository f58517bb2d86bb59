/**
 * Column specs of an upload template. Validation, the downloadable templates, the stored columns and
 * the rejected-row files are driven by these tables (one per sector, `industries/`), so another
 * sector's template is more data, not more code. Header names match case- and space-insensitively.
 */

/**
 * Date spellings a date column accepts: `iso` (YYYY-MM-DD, also with a time; spreadsheets' own date
 * cells arrive in this form) and `spreadsheet` (also DD/MM/YYYY, DD-MM-YYYY, DD.MM.YYYY, YYYY/MM/DD
 * and 5-Jun-2025 / 5 Jun 2025, as spreadsheets export them).
 */
export type DateSpellings = 'iso' | 'spreadsheet';

export type ColumnKind =
  | { type: 'text'; maxLength: number }
  | {
      type: 'enum';
      values: readonly { value: string; aliases: readonly string[] }[];
      /** Stored as a boolean: the first value is true, the second false (Yes/No columns). */
      boolean?: true;
    }
  /** `integer`: whole numbers only. */
  | { type: 'number'; min: number; max: number; integer?: true }
  | { type: 'date'; spellings?: DateSpellings };

export interface ColumnSpec {
  /** Canonical header, as written in the template and stored. */
  name: string;
  label: string;
  required: boolean;
  kind: ColumnKind;
  example: string;
  description: string;
}

export interface UploadTemplate {
  id: string;
  title: string;
  columns: readonly ColumnSpec[];
  /**
   * The columns that identify a row (all required): a newer active upload's row replaces an older
   * one with the same key, and a key may appear once per file.
   */
  rowKey: readonly string[];
  /** Checks across columns of one row, after each cell passed its own. */
  rules?: readonly RowRule[];
}

/**
 * A rule across two columns of a row, skipped when either is empty: `not-before` (a date column is
 * not before another) and `at-most` (a number column is not more than another).
 */
export interface RowRule {
  kind: 'not-before' | 'at-most';
  column: string;
  other: string;
  message: string;
}

export const STUDENT_TEMPLATE: UploadTemplate = {
  id: 'students',
  title: 'Student records',
  rowKey: ['student_id'],
  columns: [
    {
      name: 'student_id',
      label: 'Student ID',
      required: true,
      kind: { type: 'text', maxLength: 64 },
      example: 'STU-0001',
      description: 'Unique identifier of the student. A newer upload replaces the row with the same id.',
    },
    {
      name: 'student_name',
      label: 'Student name',
      required: true,
      kind: { type: 'text', maxLength: 200 },
      example: 'Aarav Sharma',
      description: 'Full name.',
    },
    {
      name: 'gender',
      label: 'Gender',
      required: true,
      kind: {
        type: 'enum',
        values: [
          { value: 'Female', aliases: ['f', 'female'] },
          { value: 'Male', aliases: ['m', 'male'] },
        ],
      },
      example: 'Female',
      description: 'Female or Male (F and M accepted, any case).',
    },
    {
      name: 'grade',
      label: 'Grade',
      required: true,
      kind: { type: 'text', maxLength: 20 },
      example: 'Grade 10',
      description: 'A short grade label.',
    },
    {
      name: 'project_submitted',
      label: 'Project submitted',
      required: true,
      kind: {
        type: 'enum',
        values: [
          { value: 'Yes', aliases: ['yes', 'y', 'true'] },
          { value: 'No', aliases: ['no', 'n', 'false'] },
        ],
        boolean: true,
      },
      example: 'Yes',
      description: 'Yes or No (Y/N and true/false accepted).',
    },
    {
      name: 'score',
      label: 'Score',
      required: false,
      kind: { type: 'number', min: 0, max: 100 },
      example: '87.5',
      description: 'Optional, from 0 to 100.',
    },
    {
      name: 'enrolled_on',
      label: 'Enrolled on',
      required: false,
      kind: { type: 'date' },
      example: '2025-06-15',
      description: 'Optional date (YYYY-MM-DD or a spreadsheet date).',
    },
  ],
};

/** Header normalisation: case-insensitive, spaces/underscores/dashes ignored. */
export function normaliseHeader(header: string): string {
  return header.toLowerCase().replace(/[\s_-]+/g, '');
}
