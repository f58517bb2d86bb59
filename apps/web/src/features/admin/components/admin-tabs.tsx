import { Building2, Inbox, Users } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';

export type AdminTab = 'users' | 'organisations' | 'issues';

const TABS: { id: AdminTab; label: string; icon: typeof Users }[] = [
  { id: 'users', label: 'Users', icon: Users },
  { id: 'organisations', label: 'Organisations', icon: Building2 },
  { id: 'issues', label: 'Issue reports', icon: Inbox },
];

export const tabId = (tab: AdminTab) => `admin-tab-${tab}`;
export const panelId = (tab: AdminTab) => `admin-panel-${tab}`;

/** The admin dashboard's tabs (WAI-ARIA tabs: arrow keys move between them). */
export function AdminTabs({ value, onChange }: { value: AdminTab; onChange(tab: AdminTab): void }) {
  const refs = useRef<Record<AdminTab, HTMLButtonElement | null>>({
    users: null,
    organisations: null,
    issues: null,
  });
  const onKeyDown = (event: KeyboardEvent) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const index = TABS.findIndex((t) => t.id === value);
    const nextIndex =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? TABS.length - 1
          : (index + (event.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length;
    const next = TABS[nextIndex]!.id;
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Administration"
      className="flex gap-1 border-b border-line"
      onKeyDown={onKeyDown}
    >
      {TABS.map(({ id, label, icon: Icon }) => {
        const selected = id === value;
        return (
          <button
            key={id}
            ref={(el) => {
              refs.current[id] = el;
            }}
            id={tabId(id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId(id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(id)}
            className={`-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4 ${
              selected ? 'border-brand text-brand' : 'border-transparent text-muted hover:text-ink'
            }`}
          >
            {/* Text only on phones, so the three tabs fit a 360 px screen. */}
            <Icon aria-hidden="true" className="hidden size-4 sm:block" />
            {label}
          </button>
        );
      })}
    </div>
  );
}
