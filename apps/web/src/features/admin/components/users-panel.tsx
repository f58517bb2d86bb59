import { MESSAGES } from '@insightra/contract';
import { UserX } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useToast } from '../../../components/ui/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { ADMIN_USERS_PAGE_SIZE, useAdminUsers } from '../api/get-users';
import { useSearchTerm } from '../lib/use-search-term';
import { Pager } from './pager';
import { SearchBox } from './search-box';
import { EmptyState, ErrorState } from './state-blocks';
import { UserCard, UserCardSkeleton } from './user-card';

interface UsersPanelProps {
  /** The search and page as kept in the URL, so Back from a user returns to the same list. */
  q: string;
  page: number;
  onChange(next: { q: string; page: number }): void;
}

/** Search box, user cards (skeletons while loading) and paging. The server searches; this only asks. */
export function UsersPanel({ q, page, onChange }: UsersPanelProps) {
  const headingId = useId();
  const [text, setText] = useSearchTerm(q, (term) => onChange({ q: term, page: 1 }));
  const toast = useToast();

  const users = useAdminUsers({ q, page });
  const failed = users.isError && !users.data;
  useEffect(() => {
    if (users.isError) toast.error(errorMessage(users.error, MESSAGES.admin.loadUsersFailed));
  }, [users.isError, users.error, toast]);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <h2 id={headingId} className="sr-only">
        Users
      </h2>
      <SearchBox
        label="Search users by full name"
        placeholder="Search users by full name..."
        value={text}
        onChange={setText}
      />

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
