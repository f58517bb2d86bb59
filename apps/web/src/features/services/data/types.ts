import type { LucideIcon } from 'lucide-react';

export interface Stat {
  value: string;
  label: string;
}

/** Data of the shared Overview section (docs/PRODUCT.md#service-pages: title, paragraphs, stats). */
export interface OverviewData {
  id: string;
  title: string;
  paragraphs: string[];
  stats: [Stat, Stat, Stat, Stat];
}

export interface ServiceItem {
  icon: LucideIcon;
  title: string;
  text: string;
  points: string[];
}

/** Data of the shared Services section. */
export interface ServicesData {
  id: string;
  title: string;
  intro: string;
  items: ServiceItem[];
}

export interface ProcessStep {
  title: string;
  text: string;
}

export interface TechGroup {
  name: string;
  items: string[];
}

export interface UseCase {
  title: string;
  sector: string;
  text: string;
  result: string;
}

export interface ServicePageData {
  eyebrow: string;
  title: string;
  lead: string;
  overview: OverviewData;
  services: ServicesData;
  process: { id: string; title: string; intro: string; steps: ProcessStep[] };
  technologies: { id: string; title: string; intro: string; groups: TechGroup[] };
  cta: { title: string; text: string };
}
