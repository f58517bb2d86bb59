import type { ColumnSpec } from '../upload-template';

/** Short builders for the sector declarations' column specs. */
type Common = Pick<ColumnSpec, 'name' | 'label' | 'example' | 'description'> & { required?: boolean };

export const textColumn = (c: Common, maxLength = 120): ColumnSpec => ({
  required: true,
  ...c,
  kind: { type: 'text', maxLength },
});

export const dateColumn = (c: Common): ColumnSpec => ({
  required: true,
  ...c,
  kind: { type: 'date', spellings: 'spreadsheet' },
});

export const numberColumn = (c: Common, max: number, integer = false): ColumnSpec => ({
  required: true,
  ...c,
  kind: integer ? { type: 'number', min: 0, max, integer: true } : { type: 'number', min: 0, max },
});

export const enumColumn = (
  c: Common,
  values: readonly { value: string; aliases: readonly string[] }[],
  boolean = false,
): ColumnSpec => ({
  required: true,
  ...c,
  kind: boolean ? { type: 'enum', values, boolean: true } : { type: 'enum', values },
});

export const YES_NO = [
  { value: 'Yes', aliases: ['yes', 'y', 'true', '1'] },
  { value: 'No', aliases: ['no', 'n', 'false', '0'] },
] as const;

/** The largest money amount a row may carry (rupees). */
export const MONEY_MAX = 1_000_000_000_000;
