import { Inbox, Users } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';

export type AdminTab = 'users' | 'issues';

const TABS: { id: AdminTab; label: string; icon: typeof Users }[] = [
  { id: 'users', label: 'Users', icon: Users },
  { id: 'issues', label: 'Issue reports', icon: Inbox },
];

export const tabId = (tab: AdminTab) => `admin-tab-${tab}`;
export const panelId = (tab: AdminTab) => `admin-panel-${tab}`;

/** The admin dashboard's two tabs (WAI-ARIA tabs: arrow keys move between them). */
export function AdminTabs({ value, onChange }: { value: AdminTab; onChange(tab: AdminTab): void }) {
  const refs = useRef<Record<AdminTab, HTMLButtonElement | null>>({ users: null, issues: null });
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
            className={`-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-2.5 text-sm font-semibold transition-colors ${
              selected ? 'border-brand text-brand' : 'border-transparent text-muted hover:text-ink'
            }`}
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </button>
        );
      })}
    </div>
  );
}
