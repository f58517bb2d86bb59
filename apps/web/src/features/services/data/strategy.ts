import { Compass, Landmark, Map as MapIcon, UsersRound } from 'lucide-react';
import type { ServicePageData, UseCase } from './types';

export const STRATEGY_PAGE: ServicePageData = {
  eyebrow: 'Strategy Consulting',
  title: 'A data strategy tied to what the business needs next',
  lead: 'We help leadership teams decide what to measure, what to build first and how to organise for data, so investment goes where it returns the most.',
  overview: {
    id: 'strategy-overview',
    title: 'Fewer initiatives, more results',
    paragraphs: [
      'Data programmes stall when they try to do everything at once. Tools get bought before questions are agreed, and dashboards multiply while decisions stay the same.',
      'Our strategy work starts from your business goals, assesses where you are today, and produces a sequenced roadmap with owners, costs and the measures that will show it is working.',
    ],
    stats: [
      { value: '12 weeks', label: 'typical strategy engagement' },
      { value: '5', label: 'maturity dimensions assessed' },
      { value: '90 days', label: 'first roadmap milestone' },
      { value: '15+', label: 'industries explored' },
    ],
  },
  services: {
    id: 'strategy-services',
    title: 'How we help',
    intro: 'Engagements can stand alone or lead into our BI and machine learning work.',
    items: [
      {
        icon: Compass,
        title: 'Data maturity assessment',
        text: 'An honest view of where you stand on data, tools, skills, governance and culture.',
        points: ['Stakeholder interviews', 'Benchmark against peers', 'Scored report with evidence'],
      },
      {
        icon: MapIcon,
        title: 'Roadmap and business case',
        text: 'A sequenced plan of initiatives with costs, benefits and dependencies.',
        points: ['Prioritised by value and effort', 'Quick wins in 90 days', 'Board-ready business case'],
      },
      {
        icon: Landmark,
        title: 'Governance and operating model',
        text: 'Who owns which data, how definitions change, and how requests are prioritised.',
        points: ['Data ownership map', 'Policies that fit your size', 'Steering group set-up'],
      },
      {
        icon: UsersRound,
        title: 'Team and capability building',
        text: 'The roles, hiring plan and training that let you run the strategy yourselves.',
        points: ['Role definitions', 'Interview support', 'Analyst training programme'],
      },
    ],
  },
  process: {
    id: 'strategy-process',
    title: 'Our approach',
    intro: 'Six steps from first conversation to a roadmap in motion.',
    steps: [
      { title: 'Align on goals', text: 'Workshops with leadership to agree the business outcomes that matter most.' },
      { title: 'Assess', text: 'Interviews, system reviews and a maturity score across five dimensions.' },
      { title: 'Find opportunities', text: 'A long list of data opportunities, each sized for value and effort.' },
      { title: 'Prioritise', text: 'A shortlist agreed with leadership, with clear reasons for what waits.' },
      { title: 'Roadmap', text: 'Sequenced initiatives, owners, budgets and success measures.' },
      { title: 'Mobilise', text: 'Kick-off of the first initiatives and a quarterly review rhythm.' },
    ],
  },
  technologies: {
    id: 'strategy-frameworks',
    title: 'Frameworks we use',
    intro: 'Proven frameworks, adapted to your size and sector rather than applied by rote.',
    groups: [
      { name: 'Assessment', items: ['DAMA-DMBOK', 'Data maturity model', 'Capability heat map'] },
      { name: 'Prioritisation', items: ['Value versus effort matrix', 'Weighted scoring', 'Dependency mapping'] },
      { name: 'Measurement', items: ['OKRs', 'Balanced scorecard', 'KPI trees'] },
      { name: 'Delivery', items: ['Agile roadmaps', 'Stage gates', 'Benefits tracking'] },
    ],
  },
  cta: {
    title: 'Planning your next data investment?',
    text: 'A 30-minute conversation is usually enough to tell whether a strategy engagement would help.',
  },
};

export const STRATEGY_CASE_STUDIES: UseCase[] = [
  {
    title: 'A school group’s first data roadmap',
    sector: 'Education',
    text: 'Twelve schools, three student systems and no shared figures. We agreed eight core measures and a two-year plan.',
    result: 'Shared weekly dashboards across all schools within six months.',
  },
  {
    title: 'Governance for a dealership network',
    sector: 'Automobile',
    text: 'Sales and service reported different customer counts. A data ownership map and one definition list ended the disagreement.',
    result: 'One customer figure used from the showroom to the board.',
  },
  {
    title: 'Prioritising analytics in healthcare',
    sector: 'Healthcare',
    text: 'A hospital trust had twenty requested projects and budget for four. A value-and-effort review chose which.',
    result: 'Three of the four chosen projects delivered within the year.',
  },
];
