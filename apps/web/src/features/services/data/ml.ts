import { Activity, Boxes, LineChart, Users } from 'lucide-react';
import type { ServicePageData, UseCase } from './types';

export const ML_PAGE: ServicePageData = {
  eyebrow: 'Machine Learning',
  title: 'Models that earn their place in production',
  lead: 'Forecasts, risk scores and recommendations built on your own history, explained in plain language and monitored after launch so they keep working.',
  overview: {
    id: 'ml-overview',
    title: 'Prediction where it pays, not everywhere',
    paragraphs: [
      'A model is only worth building when a better prediction changes a decision: how much stock to order, which student needs help this term, which customer is about to leave.',
      'We start by sizing that value, build the simplest model that captures it, and put it in front of the people who act on it, with the reasons for each prediction shown alongside.',
    ],
    stats: [
      { value: '30%', label: 'fewer stock-outs in a parts forecasting project' },
      { value: '8 weeks', label: 'typical pilot from data to a live model' },
      { value: '100%', label: 'of models shipped with monitoring' },
      { value: '2', label: 'retraining sessions handed over to your team' },
    ],
  },
  services: {
    id: 'ml-services',
    title: 'What we build',
    intro: 'Each model comes with documentation, monitoring and a plan for retraining.',
    items: [
      {
        icon: LineChart,
        title: 'Forecasting',
        text: 'Demand, enrolment and revenue forecasts with honest ranges, not just a single line.',
        points: ['Seasonality and holidays', 'Scenario comparison', 'Forecast accuracy tracking'],
      },
      {
        icon: Users,
        title: 'Risk and churn scoring',
        text: 'Early warnings for students at risk, customers likely to leave or invoices likely to be paid late.',
        points: ['Explained scores', 'Fairness checks by group', 'Action lists for teams'],
      },
      {
        icon: Boxes,
        title: 'Recommendations',
        text: 'Next-best offers, course suggestions and cross-sell lists built from behaviour, not guesswork.',
        points: ['Cold-start handling', 'A/B testing', 'Business rules on top'],
      },
      {
        icon: Activity,
        title: 'MLOps',
        text: 'Pipelines that retrain, test and deploy models safely, with alerts when inputs drift.',
        points: ['Versioned models', 'Drift monitoring', 'Rollback in one step'],
      },
    ],
  },
  process: {
    id: 'ml-process',
    title: 'From question to running model',
    intro: 'Six steps that keep risk low and value visible.',
    steps: [
      { title: 'Frame the decision', text: 'Which decision improves, by how much, and how we will measure it.' },
      { title: 'Prepare the data', text: 'Collect, clean and join the history the model will learn from.' },
      { title: 'Baseline', text: 'A simple benchmark first, so every later gain is real.' },
      { title: 'Model and explain', text: 'Train, validate on held-out periods, and explain what drives each prediction.' },
      { title: 'Pilot', text: 'Run alongside current practice with one team and compare outcomes.' },
      { title: 'Deploy and monitor', text: 'Put it in production with monitoring, retraining and a named owner.' },
    ],
  },
  technologies: {
    id: 'ml-technologies',
    title: 'Technologies we work with',
    intro: 'Open, well-supported tools, chosen so your team can carry the work forward.',
    groups: [
      { name: 'Modelling', items: ['Python', 'scikit-learn', 'LightGBM', 'PyTorch'] },
      { name: 'Forecasting', items: ['statsmodels', 'Prophet', 'Hierarchical reconciliation'] },
      { name: 'Serving', items: ['FastAPI', 'Docker', 'Batch scoring in SQL'] },
      { name: 'Monitoring', items: ['MLflow', 'Evidently', 'Scheduled accuracy reports'] },
    ],
  },
  cta: {
    title: 'Have a prediction worth making?',
    text: 'Tell us the decision and the data you hold. We will tell you honestly whether a model will help.',
  },
};

export const ML_USE_CASES: UseCase[] = [
  {
    title: 'Students at risk of dropping a project',
    sector: 'Education',
    text: 'A weekly score from attendance, submissions and marks flags students early, with the reasons shown to their mentor.',
    result: 'Mentors reach flagged students three weeks earlier on average.',
  },
  {
    title: 'Spare-parts demand forecast',
    sector: 'Automobile',
    text: 'Part-level forecasts per workshop combine service bookings, seasonality and vehicle age across the network.',
    result: 'A third fewer stock-outs in the first quarter.',
  },
  {
    title: 'Room-rate recommendations',
    sector: 'Hotels',
    text: 'Daily rate suggestions from booking pace, local events and competitor rates, reviewed by the revenue team.',
    result: 'Higher revenue per available room in shoulder seasons.',
  },
  {
    title: 'Basket-based offers',
    sector: 'Retail',
    text: 'Recommendations from purchase history power till-receipt coupons and app offers, tested against a control group.',
    result: 'Measured uplift in repeat visits, tracked monthly.',
  },
];
