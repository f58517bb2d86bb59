import { BellRing, FileSpreadsheet, LayoutDashboard, ShieldCheck } from 'lucide-react';
import type { ServicePageData } from './types';

export const BI_PAGE: ServicePageData = {
  eyebrow: 'Business Intelligence',
  title: 'Dashboards your leadership actually opens',
  lead: 'We connect your spreadsheets and systems, agree the few numbers that matter, and deliver reports that refresh themselves and answer the question on the first screen.',
  overview: {
    id: 'overview',
    title: 'One version of the truth, every Monday morning',
    paragraphs: [
      'Most organisations do not lack data; they lack agreement on it. Finance, operations and sales each keep their own spreadsheet, and meetings start with a debate about whose figure is right.',
      'Our business intelligence work fixes that at the source: a shared model of your key measures, fed automatically from the systems you already use, presented in dashboards designed for the people who decide.',
    ],
    stats: [
      { value: '6', label: 'industries with ready-made report packs' },
      { value: '3', label: 'report tiers: Beta, Alpha and Alpha+' },
      { value: '4 weeks', label: 'typical time to a first live dashboard' },
      { value: '< 1 day', label: 'from a new upload to refreshed visuals' },
    ],
  },
  services: {
    id: 'services',
    title: 'What we deliver',
    intro: 'Each engagement is scoped around the decisions your dashboards must support.',
    items: [
      {
        icon: LayoutDashboard,
        title: 'Executive dashboards',
        text: 'A small set of measures on one screen, with drill-down to the detail behind each number.',
        points: ['KPI definitions agreed in a workshop', 'Mobile-friendly layouts', 'Row-level access per team'],
      },
      {
        icon: FileSpreadsheet,
        title: 'Self-service reporting',
        text: 'Your analysts upload data and refresh visuals themselves, without waiting for IT.',
        points: ['Validated spreadsheet templates', 'Upload history with rejected rows', 'One-click refresh'],
      },
      {
        icon: BellRing,
        title: 'Alerts and scheduled packs',
        text: 'The right figures reach the right inbox before the weekly review, not after it.',
        points: ['Threshold alerts', 'PDF report packs', 'Delivery by e-mail'],
      },
      {
        icon: ShieldCheck,
        title: 'Data governance',
        text: 'Clear ownership of every measure, so numbers stay trustworthy as the business changes.',
        points: ['Data dictionary', 'Quality checks on every load', 'Change log for definitions'],
      },
    ],
  },
  process: {
    id: 'process',
    title: 'How a BI engagement runs',
    intro: 'Six steps, each ending with something you can see and use.',
    steps: [
      { title: 'Discover', text: 'Interviews with the people who will use the reports, and a map of the decisions they make.' },
      { title: 'Audit the data', text: 'We profile your sources, document gaps and agree which system owns each figure.' },
      { title: 'Model', text: 'A clean, documented data model with the agreed measures and their definitions.' },
      { title: 'Design', text: 'Wireframes reviewed with users before a single chart is built.' },
      { title: 'Build and test', text: 'Dashboards built against real data and reconciled with your existing figures.' },
      { title: 'Launch and train', text: 'Go-live, hands-on training and a month of support while habits form.' },
    ],
  },
  technologies: {
    id: 'technologies',
    title: 'Technologies we work with',
    intro: 'We use what fits your estate, and favour tools your team can maintain.',
    groups: [
      { name: 'Visualisation', items: ['Power BI', 'Built-in Insightra reports', 'Apache Superset'] },
      { name: 'Data stores', items: ['PostgreSQL', 'SQL Server', 'BigQuery'] },
      { name: 'Integration', items: ['Excel and CSV uploads', 'REST APIs', 'dbt'] },
      { name: 'Delivery', items: ['Scheduled refresh', 'Embedded reports', 'PDF report packs'] },
    ],
  },
  cta: {
    title: 'See what your data could show',
    text: 'Send us a sample of your data and the question you want answered. We will reply with a short plan.',
  },
};
