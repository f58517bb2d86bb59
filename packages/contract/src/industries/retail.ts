import { TIERS } from '../constants';
import { dateColumn, MONEY_MAX, numberColumn, textColumn } from './columns';
import type { SectorDeclaration } from './declaration';

const uuid = (n: number) => `d6f4b8c0-5e7a-4b9c-8d3b-3e5a7c9d1f${String(n).padStart(2, '0')}`;

/** Retail: store days, one row per date, store and category. */
export const RETAIL: SectorDeclaration = {
  industry: 'Retail',
  slug: 'retail',
  table: 'retail_rows',
  upload: {
    id: 'store-days',
    title: 'Store days',
    rowKey: ['date', 'store', 'category'],
    columns: [
      dateColumn({
        name: 'date',
        label: 'Date',
        example: '2025-06-15',
        description: 'Trading day (YYYY-MM-DD, DD/MM/YYYY or a spreadsheet date).',
      }),
      textColumn({
        name: 'store',
        label: 'Store',
        example: 'Phoenix Mall',
        description: 'Store name or code.',
      }),
      textColumn({
        name: 'category',
        label: 'Category',
        example: 'Apparel',
        description: 'Product category.',
      }),
      numberColumn(
        { name: 'units', label: 'Units', example: '142', description: 'Items sold, a whole number.' },
        10_000_000,
        true,
      ),
      numberColumn(
        { name: 'revenue', label: 'Revenue', example: '185400', description: 'Revenue in rupees.' },
        MONEY_MAX,
      ),
      numberColumn(
        {
          name: 'footfall',
          label: 'Footfall',
          example: '610',
          description:
            "Optional: the store's visitors that day, on one of its rows for the day (empty on the others).",
          required: false,
        },
        10_000_000,
        true,
      ),
    ],
  },
  derived: [],
  dimensions: [
    { key: 'month', label: 'Month', column: 'date', bucket: 'month' },
    { key: 'store', label: 'Store', column: 'store' },
    { key: 'category', label: 'Category', column: 'category' },
  ],
  measures: [
    { key: 'revenue', label: 'Revenue', format: 'currency', aggregate: { fn: 'sum', field: 'revenue' } },
    { key: 'units', label: 'Units sold', format: 'integer', aggregate: { fn: 'sum', field: 'units' } },
    { key: 'footfall', label: 'Footfall', format: 'integer', aggregate: { fn: 'sum', field: 'footfall' } },
    {
      key: 'revenue_per_visitor',
      label: 'Revenue per visitor',
      format: 'currency',
      aggregate: { fn: 'ratio', numerator: 'revenue', denominator: 'footfall' },
    },
    {
      key: 'unit_price',
      label: 'Average unit price',
      format: 'currency',
      aggregate: { fn: 'ratio', numerator: 'revenue', denominator: 'units' },
    },
  ],
  reports: [
    {
      key: 'retail-overview',
      uuid: uuid(1),
      name: 'Store Overview',
      description: 'Revenue, units, footfall and revenue per visitor, by month and category.',
      tiers: TIERS,
      kpis: ['revenue', 'units', 'footfall', 'revenue_per_visitor'],
      charts: [
        {
          key: 'monthly',
          title: 'Revenue per month',
          kind: 'line',
          dimension: 'month',
          measures: ['revenue'],
          order: 'label',
        },
        {
          key: 'categories',
          title: 'Revenue by category',
          kind: 'bar',
          dimension: 'category',
          measures: ['revenue'],
          order: 'value',
          limit: 10,
        },
      ],
    },
    {
      key: 'store-performance',
      uuid: uuid(2),
      name: 'Store Performance',
      description: 'Revenue and revenue per visitor of each store.',
      tiers: TIERS,
      kpis: ['revenue', 'footfall'],
      charts: [
        {
          key: 'revenue',
          title: 'Revenue by store',
          kind: 'bar',
          dimension: 'store',
          measures: ['revenue'],
          order: 'value',
          limit: 15,
        },
        {
          key: 'per-visitor',
          title: 'Revenue per visitor by store',
          kind: 'bar',
          dimension: 'store',
          measures: ['revenue_per_visitor'],
          order: 'value',
          limit: 15,
        },
      ],
    },
    {
      key: 'category-mix',
      uuid: uuid(3),
      name: 'Category Mix',
      description: 'Share of revenue and units per category, with the average unit price.',
      tiers: ['Alpha', 'Alpha+'],
      kpis: ['units', 'unit_price'],
      charts: [
        {
          key: 'share',
          title: 'Revenue share by category',
          kind: 'donut',
          dimension: 'category',
          measures: ['revenue'],
          order: 'value',
          limit: 8,
        },
        {
          key: 'units',
          title: 'Units by category',
          kind: 'bar',
          dimension: 'category',
          measures: ['units'],
          order: 'value',
          limit: 15,
        },
      ],
    },
    {
      key: 'sales-trend',
      uuid: uuid(4),
      name: 'Sales Trend',
      description: 'Units per month, and each month’s revenue by category.',
      tiers: ['Alpha+'],
      kpis: ['revenue', 'units'],
      charts: [
        {
          key: 'units',
          title: 'Units per month',
          kind: 'line',
          dimension: 'month',
          measures: ['units'],
          order: 'label',
        },
        {
          key: 'revenue',
          title: 'Revenue per month by category',
          kind: 'stacked-bar',
          dimension: 'month',
          split: 'category',
          measures: ['revenue'],
          order: 'label',
        },
      ],
    },
  ],
  overview: 'retail-overview',
  mainDimension: 'store',
};
