import { TIERS } from '../constants';
import { dateColumn, MONEY_MAX, numberColumn, textColumn } from './columns';
import type { SectorDeclaration } from './declaration';

const uuid = (n: number) => `e7a5c9d1-6f8b-4cad-9e4c-4f6b8d0e2a${String(n).padStart(2, '0')}`;

/** Hotels: property nights, one row per date and property. */
export const HOTELS: SectorDeclaration = {
  industry: 'Hotels',
  slug: 'hotels',
  table: 'hotels_rows',
  upload: {
    id: 'property-nights',
    title: 'Property nights',
    rowKey: ['date', 'property'],
    rules: [
      {
        kind: 'at-most',
        column: 'rooms_sold',
        other: 'rooms_available',
        message: 'rooms_sold is more than rooms_available',
      },
    ],
    columns: [
      dateColumn({
        name: 'date',
        label: 'Date',
        example: '2025-06-15',
        description: 'The night (YYYY-MM-DD, DD/MM/YYYY or a spreadsheet date).',
      }),
      textColumn({
        name: 'property',
        label: 'Property',
        example: 'Seaview Goa',
        description: 'Hotel or property name.',
      }),
      numberColumn(
        {
          name: 'rooms_available',
          label: 'Rooms available',
          example: '120',
          description: 'Rooms available to sell that night.',
        },
        100_000,
        true,
      ),
      numberColumn(
        {
          name: 'rooms_sold',
          label: 'Rooms sold',
          example: '96',
          description: 'Rooms sold that night, at most rooms_available.',
        },
        100_000,
        true,
      ),
      numberColumn(
        {
          name: 'room_revenue',
          label: 'Room revenue',
          example: '566400',
          description: 'Room revenue in rupees.',
        },
        MONEY_MAX,
      ),
    ],
  },
  derived: [],
  dimensions: [
    { key: 'month', label: 'Month', column: 'date', bucket: 'month' },
    { key: 'property', label: 'Property', column: 'property' },
  ],
  measures: [
    {
      key: 'occupancy',
      label: 'Occupancy',
      format: 'percent',
      aggregate: { fn: 'ratio', numerator: 'rooms_sold', denominator: 'rooms_available' },
    },
    {
      key: 'adr',
      label: 'ADR',
      format: 'currency',
      aggregate: { fn: 'ratio', numerator: 'room_revenue', denominator: 'rooms_sold' },
    },
    {
      key: 'revpar',
      label: 'RevPAR',
      format: 'currency',
      aggregate: { fn: 'ratio', numerator: 'room_revenue', denominator: 'rooms_available' },
    },
    {
      key: 'room_revenue',
      label: 'Room revenue',
      format: 'currency',
      aggregate: { fn: 'sum', field: 'room_revenue' },
    },
    {
      key: 'rooms_sold',
      label: 'Room nights sold',
      format: 'integer',
      aggregate: { fn: 'sum', field: 'rooms_sold' },
    },
    {
      key: 'rooms_available',
      label: 'Room nights available',
      format: 'integer',
      aggregate: { fn: 'sum', field: 'rooms_available' },
    },
  ],
  reports: [
    {
      key: 'hotels-overview',
      uuid: uuid(1),
      name: 'Hotel Performance Overview',
      description: 'Occupancy, ADR, RevPAR and room revenue, by month and property.',
      tiers: TIERS,
      kpis: ['occupancy', 'adr', 'revpar', 'room_revenue'],
      charts: [
        {
          key: 'occupancy',
          title: 'Occupancy per month',
          kind: 'line',
          dimension: 'month',
          measures: ['occupancy'],
          order: 'label',
        },
        {
          key: 'revpar',
          title: 'RevPAR by property',
          kind: 'bar',
          dimension: 'property',
          measures: ['revpar'],
          order: 'value',
          limit: 15,
        },
      ],
    },
    {
      key: 'occupancy',
      uuid: uuid(2),
      name: 'Occupancy',
      description: 'Rooms sold over rooms available, per month and per property.',
      tiers: TIERS,
      kpis: ['occupancy', 'rooms_sold', 'rooms_available'],
      charts: [
        {
          key: 'monthly',
          title: 'Occupancy per month',
          kind: 'line',
          dimension: 'month',
          measures: ['occupancy'],
          order: 'label',
        },
        {
          key: 'properties',
          title: 'Occupancy by property',
          kind: 'bar',
          dimension: 'property',
          measures: ['occupancy'],
          order: 'value',
          limit: 15,
        },
      ],
    },
    {
      key: 'adr-revpar',
      uuid: uuid(3),
      name: 'ADR and RevPAR',
      description: 'Average daily rate and revenue per available room, per month and per property.',
      tiers: ['Alpha', 'Alpha+'],
      kpis: ['adr', 'revpar'],
      charts: [
        {
          key: 'monthly',
          title: 'ADR and RevPAR per month',
          kind: 'line',
          dimension: 'month',
          measures: ['adr', 'revpar'],
          order: 'label',
        },
        {
          key: 'properties',
          title: 'ADR and RevPAR by property',
          kind: 'grouped-bar',
          dimension: 'property',
          measures: ['adr', 'revpar'],
          order: 'value',
          limit: 15,
        },
      ],
    },
    {
      key: 'room-revenue',
      uuid: uuid(4),
      name: 'Room Revenue',
      description: 'Room revenue per month and per property.',
      tiers: ['Alpha+'],
      kpis: ['room_revenue', 'rooms_sold'],
      charts: [
        {
          key: 'monthly',
          title: 'Room revenue per month',
          kind: 'bar',
          dimension: 'month',
          measures: ['room_revenue'],
          order: 'label',
        },
        {
          key: 'properties',
          title: 'Room revenue by property',
          kind: 'bar',
          dimension: 'property',
          measures: ['room_revenue'],
          order: 'value',
          limit: 15,
        },
      ],
    },
  ],
  overview: 'hotels-overview',
  mainDimension: 'property',
};
