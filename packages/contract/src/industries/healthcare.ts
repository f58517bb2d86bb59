import { TIERS } from '../constants';
import { dateColumn, enumColumn, numberColumn, textColumn, YES_NO } from './columns';
import type { SectorDeclaration } from './declaration';

const uuid = (n: number) => `c5e3a7b9-4d6f-4a8b-9c2a-2d4f6b8c0e${String(n).padStart(2, '0')}`;

/** Healthcare: patient visits, one row per visit id. */
export const HEALTHCARE: SectorDeclaration = {
  industry: 'Healthcare',
  slug: 'healthcare',
  table: 'healthcare_rows',
  upload: {
    id: 'visits',
    title: 'Patient visits',
    rowKey: ['visit_id'],
    columns: [
      textColumn(
        {
          name: 'visit_id',
          label: 'Visit ID',
          example: 'V-20250615-001',
          description: 'Unique identifier of the visit. A newer upload replaces the row with the same id.',
        },
        64,
      ),
      dateColumn({
        name: 'visit_date',
        label: 'Visit date',
        example: '2025-06-15',
        description: 'Date of admission or visit (YYYY-MM-DD, DD/MM/YYYY or a spreadsheet date).',
      }),
      textColumn({
        name: 'department',
        label: 'Department',
        example: 'Cardiology',
        description: 'Department.',
      }),
      enumColumn(
        {
          name: 'age_band',
          label: 'Age band',
          example: '35-49',
          description: '0-17, 18-34, 35-49, 50-64 or 65+ ("under 18", "65 and over"… accepted).',
        },
        [
          { value: '0-17', aliases: ['0 - 17', '0 to 17', 'under 18', 'child'] },
          { value: '18-34', aliases: ['18 - 34', '18 to 34'] },
          { value: '35-49', aliases: ['35 - 49', '35 to 49'] },
          { value: '50-64', aliases: ['50 - 64', '50 to 64'] },
          { value: '65+', aliases: ['65 +', '65 plus', '65 and over', '65 and above', 'over 65'] },
        ],
      ),
      enumColumn(
        {
          name: 'gender',
          label: 'Gender',
          example: 'Female',
          description: 'Female, Male or Other (F, M, O accepted).',
        },
        [
          { value: 'Female', aliases: ['f', 'female', 'woman'] },
          { value: 'Male', aliases: ['m', 'male', 'man'] },
          { value: 'Other', aliases: ['o', 'other', 'x', 'non-binary'] },
        ],
      ),
      numberColumn(
        {
          name: 'length_of_stay',
          label: 'Length of stay',
          example: '3',
          description: 'Days in hospital, from 0 (a day visit) to 365.',
        },
        365,
      ),
      enumColumn(
        {
          name: 'readmitted',
          label: 'Readmitted',
          example: 'No',
          description: 'Yes or No (Y/N, true/false, 1/0).',
        },
        YES_NO,
        true,
      ),
    ],
  },
  derived: [],
  dimensions: [
    { key: 'month', label: 'Month', column: 'visit_date', bucket: 'month' },
    { key: 'department', label: 'Department', column: 'department' },
    { key: 'age_band', label: 'Age band', column: 'age_band' },
    { key: 'gender', label: 'Gender', column: 'gender' },
  ],
  measures: [
    { key: 'visits', label: 'Visits', format: 'integer', aggregate: { fn: 'count' } },
    {
      key: 'avg_stay',
      label: 'Average length of stay',
      format: 'days',
      aggregate: { fn: 'avg', field: 'length_of_stay' },
    },
    {
      key: 'bed_days',
      label: 'Bed days',
      format: 'decimal',
      aggregate: { fn: 'sum', field: 'length_of_stay' },
    },
    {
      key: 'readmission_rate',
      label: 'Readmission rate',
      format: 'percent',
      aggregate: { fn: 'avg', field: 'readmitted' },
    },
  ],
  reports: [
    {
      key: 'healthcare-overview',
      uuid: uuid(1),
      name: 'Visits Overview',
      description: 'Visits, length of stay and readmissions, by month and department.',
      tiers: TIERS,
      kpis: ['visits', 'avg_stay', 'readmission_rate'],
      charts: [
        {
          key: 'monthly',
          title: 'Visits per month',
          kind: 'line',
          dimension: 'month',
          measures: ['visits'],
          order: 'label',
        },
        {
          key: 'departments',
          title: 'Visits by department',
          kind: 'bar',
          dimension: 'department',
          measures: ['visits'],
          order: 'value',
          limit: 10,
        },
      ],
    },
    {
      key: 'department-activity',
      uuid: uuid(2),
      name: 'Department Activity',
      description: 'Visits and average length of stay per department.',
      tiers: TIERS,
      kpis: ['visits', 'bed_days'],
      charts: [
        {
          key: 'visits',
          title: 'Visits by department',
          kind: 'bar',
          dimension: 'department',
          measures: ['visits'],
          order: 'value',
          limit: 15,
        },
        {
          key: 'stay',
          title: 'Average length of stay by department',
          kind: 'bar',
          dimension: 'department',
          measures: ['avg_stay'],
          order: 'value',
          limit: 15,
        },
      ],
    },
    {
      key: 'readmissions',
      uuid: uuid(3),
      name: 'Readmissions',
      description: 'Readmission rate by department and by age band.',
      tiers: ['Alpha', 'Alpha+'],
      kpis: ['readmission_rate', 'visits'],
      charts: [
        {
          key: 'departments',
          title: 'Readmission rate by department',
          kind: 'bar',
          dimension: 'department',
          measures: ['readmission_rate'],
          order: 'value',
          limit: 15,
        },
        {
          key: 'ages',
          title: 'Readmission rate by age band',
          kind: 'bar',
          dimension: 'age_band',
          measures: ['readmission_rate'],
          order: 'label',
        },
      ],
    },
    {
      key: 'patient-mix',
      uuid: uuid(4),
      name: 'Patient Mix',
      description: 'Visits by age band and gender.',
      tiers: ['Alpha+'],
      kpis: ['visits'],
      charts: [
        {
          key: 'ages',
          title: 'Visits by age band and gender',
          kind: 'grouped-bar',
          dimension: 'age_band',
          split: 'gender',
          measures: ['visits'],
          order: 'label',
        },
        {
          key: 'gender',
          title: 'Visits by gender',
          kind: 'donut',
          dimension: 'gender',
          measures: ['visits'],
          order: 'label',
        },
      ],
    },
    {
      key: 'length-of-stay-trend',
      uuid: uuid(5),
      name: 'Length of Stay Trend',
      description: 'Average length of stay and bed days per month.',
      tiers: ['Alpha+'],
      kpis: ['avg_stay', 'bed_days'],
      charts: [
        {
          key: 'stay',
          title: 'Average length of stay per month',
          kind: 'line',
          dimension: 'month',
          measures: ['avg_stay'],
          order: 'label',
        },
        {
          key: 'bed-days',
          title: 'Bed days per month',
          kind: 'bar',
          dimension: 'month',
          measures: ['bed_days'],
          order: 'label',
        },
      ],
    },
  ],
  overview: 'healthcare-overview',
  mainDimension: 'department',
};
