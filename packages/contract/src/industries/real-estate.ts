import { TIERS } from '../constants';
import { dateColumn, enumColumn, MONEY_MAX, numberColumn, textColumn } from './columns';
import type { SectorDeclaration } from './declaration';

const uuid = (n: number) => `b4d2f6a8-3c5e-4f7a-8b19-1c3e5a7b9d${String(n).padStart(2, '0')}`;

/** Real-Estate: property listings, one row per listing id. */
export const REAL_ESTATE: SectorDeclaration = {
  industry: 'Real-Estate',
  slug: 'real-estate',
  table: 'real_estate_rows',
  upload: {
    id: 'listings',
    title: 'Property listings',
    rowKey: ['listing_id'],
    rules: [
      { kind: 'not-before', column: 'sold_on', other: 'listed_on', message: 'sold_on is before listed_on' },
    ],
    columns: [
      textColumn(
        {
          name: 'listing_id',
          label: 'Listing ID',
          example: 'LST-1001',
          description: 'Unique identifier of the listing. A newer upload replaces the row with the same id.',
        },
        64,
      ),
      textColumn({ name: 'city', label: 'City', example: 'Pune', description: 'City.' }),
      textColumn({
        name: 'locality',
        label: 'Locality',
        example: 'Baner',
        description: 'Locality or neighbourhood.',
      }),
      enumColumn(
        {
          name: 'property_type',
          label: 'Property type',
          example: 'Apartment',
          description:
            'Apartment, Villa, Independent House, Plot or Commercial (flat, land, office… accepted).',
        },
        [
          { value: 'Apartment', aliases: ['apartment', 'flat', 'apt'] },
          { value: 'Villa', aliases: ['villa', 'bungalow'] },
          { value: 'Independent House', aliases: ['independent house', 'house', 'independent'] },
          { value: 'Plot', aliases: ['plot', 'land'] },
          { value: 'Commercial', aliases: ['commercial', 'office', 'shop'] },
        ],
      ),
      dateColumn({
        name: 'listed_on',
        label: 'Listed on',
        example: '2025-03-01',
        description: 'Date listed (YYYY-MM-DD, DD/MM/YYYY or a spreadsheet date).',
      }),
      dateColumn({
        name: 'sold_on',
        label: 'Sold on',
        example: '2025-04-12',
        description: 'Optional: date sold, not before listed_on; empty while unsold.',
        required: false,
      }),
      numberColumn(
        {
          name: 'list_price',
          label: 'List price',
          example: '8500000',
          description: 'Asking price in rupees.',
        },
        MONEY_MAX,
      ),
      numberColumn(
        {
          name: 'sale_price',
          label: 'Sale price',
          example: '8200000',
          description: 'Optional: price sold at, in rupees.',
          required: false,
        },
        MONEY_MAX,
      ),
    ],
  },
  derived: [
    {
      name: 'days_on_market',
      label: 'Days on market',
      kind: 'days-between',
      from: 'listed_on',
      to: 'sold_on',
    },
  ],
  dimensions: [
    { key: 'city', label: 'City', column: 'city' },
    { key: 'locality', label: 'Locality', column: 'locality' },
    { key: 'property_type', label: 'Property type', column: 'property_type' },
    { key: 'listed_month', label: 'Month listed', column: 'listed_on', bucket: 'month' },
    { key: 'sold_month', label: 'Month sold', column: 'sold_on', bucket: 'month' },
  ],
  measures: [
    { key: 'listings', label: 'Listings', format: 'integer', aggregate: { fn: 'count' } },
    { key: 'sold', label: 'Sold', format: 'integer', aggregate: { fn: 'count-of', field: 'sold_on' } },
    {
      key: 'days_on_market',
      label: 'Average days on market',
      format: 'days',
      aggregate: { fn: 'avg', field: 'days_on_market' },
    },
    {
      key: 'price_realisation',
      label: 'Price realisation',
      format: 'percent',
      aggregate: { fn: 'ratio', numerator: 'sale_price', denominator: 'list_price', paired: true },
    },
    {
      key: 'avg_list_price',
      label: 'Average list price',
      format: 'currency',
      aggregate: { fn: 'avg', field: 'list_price' },
    },
    {
      key: 'avg_sale_price',
      label: 'Average sale price',
      format: 'currency',
      aggregate: { fn: 'avg', field: 'sale_price' },
    },
  ],
  reports: [
    {
      key: 'real-estate-overview',
      uuid: uuid(1),
      name: 'Listings Overview',
      description: 'Listings, sales, days on market and price realisation.',
      tiers: TIERS,
      kpis: ['listings', 'sold', 'days_on_market', 'price_realisation'],
      charts: [
        {
          key: 'types',
          title: 'Listings by property type',
          kind: 'bar',
          dimension: 'property_type',
          measures: ['listings'],
          order: 'label',
        },
        {
          key: 'sales',
          title: 'Sales per month',
          kind: 'line',
          dimension: 'sold_month',
          measures: ['sold'],
          order: 'label',
        },
      ],
    },
    {
      key: 'listings-by-city',
      uuid: uuid(2),
      name: 'Listings by City',
      description: 'Listings and average asking price per city.',
      tiers: TIERS,
      kpis: ['listings', 'avg_list_price'],
      charts: [
        {
          key: 'listings',
          title: 'Listings by city',
          kind: 'bar',
          dimension: 'city',
          measures: ['listings'],
          order: 'value',
          limit: 15,
        },
        {
          key: 'price',
          title: 'Average list price by city',
          kind: 'bar',
          dimension: 'city',
          measures: ['avg_list_price'],
          order: 'value',
          limit: 15,
        },
      ],
    },
    {
      key: 'days-on-market',
      uuid: uuid(3),
      name: 'Days on Market',
      description: 'How long sold listings took to sell, by property type and locality.',
      tiers: ['Alpha', 'Alpha+'],
      kpis: ['days_on_market', 'sold'],
      charts: [
        {
          key: 'types',
          title: 'Days on market by property type',
          kind: 'bar',
          dimension: 'property_type',
          measures: ['days_on_market'],
          order: 'label',
        },
        {
          key: 'localities',
          title: 'Days on market by locality',
          kind: 'bar',
          dimension: 'locality',
          measures: ['days_on_market'],
          order: 'value',
          limit: 15,
        },
      ],
    },
    {
      key: 'price-realisation',
      uuid: uuid(4),
      name: 'Price Realisation',
      description: 'Sale price as a share of the list price, by city and by month sold.',
      tiers: ['Alpha+'],
      kpis: ['price_realisation', 'avg_sale_price'],
      charts: [
        {
          key: 'cities',
          title: 'Price realisation by city',
          kind: 'bar',
          dimension: 'city',
          measures: ['price_realisation'],
          order: 'value',
          limit: 15,
        },
        {
          key: 'monthly',
          title: 'Price realisation per month sold',
          kind: 'line',
          dimension: 'sold_month',
          measures: ['price_realisation'],
          order: 'label',
        },
      ],
    },
    {
      key: 'listing-trend',
      uuid: uuid(5),
      name: 'Listing Trend',
      description: 'New listings per month, by property type.',
      tiers: ['Alpha+'],
      kpis: ['listings', 'sold'],
      charts: [
        {
          key: 'monthly',
          title: 'New listings per month',
          kind: 'stacked-bar',
          dimension: 'listed_month',
          split: 'property_type',
          measures: ['listings'],
          order: 'label',
        },
      ],
    },
  ],
  overview: 'real-estate-overview',
  mainDimension: 'city',
};
