import { MESSAGES } from '@insightra/contract';
import { Search, UserX } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useToast } from '../../../components/ui/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { ADMIN_USERS_PAGE_SIZE, useAdminUsers } from '../api/get-users';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { Pager } from './pager';
import { EmptyState, ErrorState } from './state-blocks';
import { UserCard, UserCardSkeleton } from './user-card';

export const SEARCH_DEBOUNCE_MS = 300;

interface UsersPanelProps {
  /** The search and page as kept in the URL, so Back from a user returns to the same list. */
  q: string;
  page: number;
  onChange(next: { q: string; page: number }): void;
}

/** Search box, user cards (skeletons while loading) and paging. The server searches; this only asks. */
export function UsersPanel({ q, page, onChange }: UsersPanelProps) {
  const searchId = useId();
  const [text, setText] = useState(q);
  const term = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const toast = useToast();
  const latest = useRef({ q, onChange, term });
  latest.current.onChange = onChange;
  latest.current.q = q;

  // A settled new term starts again at page 1.
  useEffect(() => {
    if (term === latest.current.term) return;
    latest.current.term = term;
    if (term !== latest.current.q) latest.current.onChange({ q: term, page: 1 });
  }, [term]);

  // The URL changed from outside (Back/Forward): show its term in the box.
  useEffect(() => {
    if (q === latest.current.term) return;
    latest.current.term = q;
    setText(q);
  }, [q]);

  const users = useAdminUsers({ q, page });
  const failed = users.isError && !users.data;
  useEffect(() => {
    if (users.isError) toast.error(errorMessage(users.error, MESSAGES.admin.loadUsersFailed));
  }, [users.isError, users.error, toast]);

  return (
    <section aria-labelledby={`${searchId}-heading`} className="flex flex-col gap-5">
      <h2 id={`${searchId}-heading`} className="sr-only">
        Users
      </h2>
      <div className="relative max-w-xl">
        <label htmlFor={searchId} className="sr-only">
          Search users by full name
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
        />
        <input
          id={searchId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search users by full name..."
          autoComplete="off"
          spellCheck={false}
          className="h-11 w-full rounded-[var(--radius-control)] border border-line bg-surface pr-3 pl-9 text-sm text-ink shadow-sm placeholder:text-muted focus:border-brand"
        />
      </div>

      {users.isPending ? (
        <div>
          <p role="status" className="sr-only">
            Loading users...
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {Array.from({ length: 8 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
              <UserCardSkeleton key={i} />
            ))}
          </ul>
        </div>
      ) : failed ? (
        <ErrorState
          title={MESSAGES.admin.loadUsersFailed}
          detail={errorMessage(users.error, '')}
          onRetry={() => users.refetch()}
        />
      ) : users.data.data.length === 0 ? (
        <EmptyState
          title={MESSAGES.admin.noUsers}
          hint={q ? `Nothing matches “${q}”.` : undefined}
          icon={<UserX aria-hidden="true" className="size-8" />}
        />
      ) : (
        <>
          <ul
            aria-label="Users"
            aria-busy={users.isPlaceholderData || undefined}
            className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${users.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {users.data.data.map((user) => (
              <UserCard key={user.id} user={user} />
            ))}
          </ul>
          <Pager
            page={users.data.pagination.page}
            pageSize={ADMIN_USERS_PAGE_SIZE}
            total={users.data.pagination.total}
            noun="users"
            busy={users.isPlaceholderData}
            onPage={(next) => onChange({ q, page: next })}
          />
        </>
      )}
    </section>
  );
}
