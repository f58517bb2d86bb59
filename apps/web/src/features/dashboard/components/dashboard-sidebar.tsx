import { INDUSTRIES, type IndustrySlug, PATHS } from '@insightra/contract';
import {
  BarChart3,
  Building2,
  Car,
  ChevronsLeft,
  ChevronsRight,
  GraduationCap,
  HeartPulse,
  Hotel,
  type LucideIcon,
  ShoppingBag,
} from 'lucide-react';
import { Link } from 'react-router';

const ICONS: Record<IndustrySlug, LucideIcon> = {
  education: GraduationCap,
  automobile: Car,
  'real-estate': Building2,
  healthcare: HeartPulse,
  retail: ShoppingBag,
  hotels: Hotel,
};

export interface DashboardSidebarProps {
  collapsed: boolean;
  /** Below 768 px the sidebar stays collapsed and the toggle is hidden. */
  forced: boolean;
  onToggle: () => void;
}

/** The member area's left sidebar: the industry report links, collapsible to icons. */
export function DashboardSidebar({ collapsed, forced, onToggle }: DashboardSidebarProps) {
  return (
    <aside
      data-testid="dashboard-sidebar"
      data-collapsed={collapsed}
      className={`flex shrink-0 flex-col border-r border-line bg-ink text-white transition-[width] duration-200 ease-out ${
        collapsed ? 'w-14' : 'w-56'
      }`}
    >
      <Link
        to={PATHS.dashboard}
        className="flex h-14 items-center gap-2 border-b border-white/10 px-4 font-semibold tracking-tight"
        aria-label="Dashboard"
      >
        <BarChart3 aria-hidden="true" className="size-5 shrink-0 text-highlight" />
        {!collapsed && <span>Insightra</span>}
      </Link>
      <nav aria-label="Industries" className="flex-1 overflow-y-auto py-3">
        {!collapsed && (
          <p className="px-4 pb-2 text-xs font-semibold tracking-wide text-white/70 uppercase">Industries</p>
        )}
        <ul className="space-y-1 px-2">
          {INDUSTRIES.map((industry) => {
            const Icon = ICONS[industry.slug];
            return (
              <li key={industry.slug}>
                <Link
                  to={PATHS.sector(industry.slug)}
                  title={collapsed ? industry.name : undefined}
                  aria-label={collapsed ? industry.name : undefined}
                  className="flex h-10 items-center gap-3 rounded-[var(--radius-control)] px-2.5 text-sm text-white/85 hover:bg-white/10 hover:text-white"
                >
                  <Icon aria-hidden="true" className="size-5 shrink-0" />
                  {!collapsed && <span>{industry.name}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {!forced && (
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={!collapsed}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          className="flex h-12 items-center gap-2 border-t border-white/10 px-4 text-sm text-white/80 hover:bg-white/10 hover:text-white"
        >
          {collapsed ? (
            <ChevronsRight aria-hidden="true" className="size-5" />
          ) : (
            <>
              <ChevronsLeft aria-hidden="true" className="size-5" />
              <span>Collapse</span>
            </>
          )}
        </button>
      )}
    </aside>
  );
}
