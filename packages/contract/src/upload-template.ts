/**
 * Column specs of the upload template (docs/PRODUCT.md#upload-templates). Validation is driven by this table, so another
 * sector's template is more data, not more code. Header names match case- and space-insensitively.
 */

export type ColumnKind =
  | { type: 'text'; maxLength: number }
  | { type: 'enum'; values: readonly { value: string; aliases: readonly string[] }[] }
  | { type: 'number'; min: number; max: number }
  | { type: 'date' };

export interface ColumnSpec {
  /** Canonical header, as written in the template and stored. */
  name: string;
  label: string;
  required: boolean;
  /** Values must not repeat within one file. */
  unique?: boolean;
  kind: ColumnKind;
  example: string;
  description: string;
}

export interface UploadTemplate {
  id: string;
  title: string;
  columns: readonly ColumnSpec[];
}

export const STUDENT_TEMPLATE: UploadTemplate = {
  id: 'students',
  title: 'Student records',
  columns: [
    {
      name: 'student_id',
      label: 'Student ID',
      required: true,
      unique: true,
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
