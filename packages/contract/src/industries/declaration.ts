import type { IndustryName, IndustrySlug, Tier } from '../constants';
import type { UploadTemplate } from '../upload-template';

/**
 * One sector's declaration: its upload columns and row key, the table its rows are stored in, the
 * fields and dimensions its reports read, and its built-in report templates — all data. The server's
 * validation, templates, storage, refresh and report answers are driven by it, so a seventh sector is
 * a declaration, its tests and the migration made from it (docs/SECTORS.md).
 */
export interface SectorDeclaration {
  industry: IndustryName;
  slug: IndustrySlug;
  /** The table holding every upload's accepted rows of this sector (one column per upload column). */
  table: string;
  upload: UploadTemplate;
  /** Numbers computed from a row's columns, usable by measures like columns. */
  derived: readonly DerivedField[];
  dimensions: readonly DimensionSpec[];
  measures: readonly MeasureSpec[];
  reports: readonly SectorReport[];
  /** The report a sector page shows (unless an administrator configured another). */
  overview: string;
  /** The dimension most reports group by (the refresh's benchmark groups by it). */
  mainDimension: string;
}

/** A number computed per row: whole days from one date column to another (NULL when either is). */
export interface DerivedField {
  name: string;
  label: string;
  kind: 'days-between';
  from: string;
  to: string;
}

/**
 * What a chart groups by: a column's values (text, enumeration or Yes/No), a date column's months
 * ('YYYY-MM'), or a number column's bands of `width` from 0 (the last band closed at `max`).
 */
export type DimensionSpec =
  | { key: string; label: string; column: string; bucket?: undefined }
  | { key: string; label: string; column: string; bucket: 'month' }
  | { key: string; label: string; column: string; bucket: 'band'; width: number; max: number };

/**
 * An aggregate over the rows of a group (or all rows, for a KPI card). Every one is made of sums and
 * counts, so the refresh stores those per group and the answer divides:
 * - `count`: rows; `count-of`: rows with a value in `field`
 * - `sum`, `avg`: of a number field (Yes/No fields count as 1/0, so their average is a rate)
 * - `ratio`: sum(numerator) / sum(denominator) (occupancy, ADR); `paired`: only over rows that have
 *   both (price realisation: sold listings only)
 * - `share`: rows whose `field` equals `value`, over all rows
 */
export type Aggregate =
  | { fn: 'count' }
  | { fn: 'count-of'; field: string }
  | { fn: 'sum'; field: string }
  | { fn: 'avg'; field: string }
  | { fn: 'ratio'; numerator: string; denominator: string; paired?: true }
  | { fn: 'share'; field: string; value: string };

/** How a value reads: currency is Indian rupees; percent values are fractions (0.5 is 50%). */
export const VALUE_FORMATS = ['integer', 'decimal', 'currency', 'percent', 'days'] as const;
export type ValueFormat = (typeof VALUE_FORMATS)[number];

export interface MeasureSpec {
  key: string;
  label: string;
  format: ValueFormat;
  aggregate: Aggregate;
}

export const CHART_KINDS = ['bar', 'grouped-bar', 'stacked-bar', 'line', 'donut'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

/**
 * A chart: one point per value of `dimension`; one series per measure, or — with `split` — one
 * series per value of the split dimension (then exactly one measure). `order` sorts points by their
 * label (months, bands and declared enumeration order come first to last) or by the first series,
 * largest first; `limit` keeps the first points. Every chart is also drawn as a table.
 */
export interface ChartSpec {
  key: string;
  title: string;
  kind: ChartKind;
  dimension: string;
  split?: string;
  measures: readonly string[];
  order: 'label' | 'value';
  limit?: number;
}

export interface SectorReport {
  key: string;
  /** Fixed, so a report tab refers to the template by `report_uuid`. */
  uuid: string;
  name: string;
  description: string;
  /** Tiers whose Add Report pickers offer this template (Beta fewest, Alpha+ all). */
  tiers: readonly Tier[];
  /** KPI cards, by measure key. */
  kpis: readonly string[];
  charts: readonly ChartSpec[];
}
