import { TIERS } from '../constants';
import { STUDENT_TEMPLATE } from '../upload-template';
import type { SectorDeclaration } from './declaration';

/** Education: the student template of today, its table (dataset_rows) and its five reports. */
export const EDUCATION: SectorDeclaration = {
  industry: 'Education',
  slug: 'education',
  table: 'dataset_rows',
  upload: STUDENT_TEMPLATE,
  derived: [],
  dimensions: [
    { key: 'grade', label: 'Grade', column: 'grade' },
    { key: 'gender', label: 'Gender', column: 'gender' },
    { key: 'submitted', label: 'Project submitted', column: 'project_submitted' },
    { key: 'score_band', label: 'Score band', column: 'score', bucket: 'band', width: 10, max: 100 },
    { key: 'enrol_month', label: 'Month', column: 'enrolled_on', bucket: 'month' },
  ],
  measures: [
    { key: 'students', label: 'Students', format: 'integer', aggregate: { fn: 'count' } },
    {
      key: 'female_share',
      label: 'Female students',
      format: 'percent',
      aggregate: { fn: 'share', field: 'gender', value: 'Female' },
    },
    {
      key: 'submission_rate',
      label: 'Submission rate',
      format: 'percent',
      aggregate: { fn: 'avg', field: 'project_submitted' },
    },
    {
      key: 'average_score',
      label: 'Average score',
      format: 'decimal',
      aggregate: { fn: 'avg', field: 'score' },
    },
    {
      key: 'scored',
      label: 'Students with a score',
      format: 'integer',
      aggregate: { fn: 'count-of', field: 'score' },
    },
  ],
  reports: [
    {
      key: 'grades-by-gender',
      uuid: '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c01',
      name: 'Grades by Gender',
      description: 'Female and male students per grade.',
      tiers: TIERS,
      kpis: ['students', 'female_share'],
      charts: [
        {
          key: 'grades',
          title: 'Students per grade',
          kind: 'grouped-bar',
          dimension: 'grade',
          split: 'gender',
          measures: ['students'],
          order: 'label',
        },
      ],
    },
    {
      key: 'project-submissions',
      uuid: '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c02',
      name: 'Project Submission Status',
      description: 'Submitted and not submitted projects, with the submission rate.',
      tiers: TIERS,
      kpis: ['students', 'submission_rate'],
      charts: [
        {
          key: 'submissions',
          title: 'Project submissions',
          kind: 'donut',
          dimension: 'submitted',
          measures: ['students'],
          order: 'label',
        },
      ],
    },
    {
      key: 'score-distribution',
      uuid: '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c03',
      name: 'Score Distribution',
      description: 'Students per score band of ten points, with the average score.',
      tiers: ['Alpha', 'Alpha+'],
      kpis: ['average_score', 'scored'],
      charts: [
        {
          key: 'bands',
          title: 'Students per score band',
          kind: 'bar',
          dimension: 'score_band',
          measures: ['students'],
          order: 'label',
        },
      ],
    },
    {
      key: 'enrolment-trend',
      uuid: '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c04',
      name: 'Enrolment Trend',
      description: 'New enrolments per month.',
      tiers: ['Alpha+'],
      kpis: ['students'],
      charts: [
        {
          key: 'enrolments',
          title: 'Enrolments per month',
          kind: 'line',
          dimension: 'enrol_month',
          measures: ['students'],
          order: 'label',
        },
      ],
    },
    {
      key: 'sector-overview',
      uuid: '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c05',
      name: 'Sector Overview',
      description: 'Key figures of your data: students, gender split, submissions and scores.',
      tiers: TIERS,
      kpis: ['students', 'female_share', 'submission_rate', 'average_score'],
      charts: [
        {
          key: 'grades',
          title: 'Students per grade',
          kind: 'grouped-bar',
          dimension: 'grade',
          split: 'gender',
          measures: ['students'],
          order: 'label',
        },
        {
          key: 'submissions',
          title: 'Project submissions',
          kind: 'donut',
          dimension: 'submitted',
          measures: ['students'],
          order: 'label',
        },
      ],
    },
  ],
  overview: 'sector-overview',
  mainDimension: 'grade',
};
