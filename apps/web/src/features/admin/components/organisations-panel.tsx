import { Building2 } from 'lucide-react';
import { useId } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { ADMIN_ORGANISATIONS_PAGE_SIZE, useAdminOrganisations } from '../api/get-organisations';
import type { ListSearch } from '../lib/list-search';
import { useSearchTerm } from '../lib/use-search-term';
import { OrganisationsTable } from './organisations-table';
import { Pager } from './pager';
import { SearchBox } from './search-box';
import { EmptyState, ErrorState } from './state-blocks';

interface OrganisationsPanelProps extends ListSearch {
  onChange(next: ListSearch): void;
}

/** Search box, the organisations table and paging. The server searches by name; this only asks. */
export function OrganisationsPanel({ q, page, onChange }: OrganisationsPanelProps) {
  const headingId = useId();
  const [text, setText] = useSearchTerm(q, (term) => onChange({ q: term, page: 1 }));
  const organisations = useAdminOrganisations({ q, page });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <h2 id={headingId} className="sr-only">
        Organisations
      </h2>
      <SearchBox
        label="Search organisations by name"
        placeholder="Search organisations by name..."
        value={text}
        onChange={setText}
      />
      {organisations.isPending ? (
        <Spinner text="Loading organisations..." className="py-12" />
      ) : organisations.isError && !organisations.data ? (
        <ErrorState
          title="Failed to load organisations"
          detail={errorMessage(organisations.error, '')}
          onRetry={() => organisations.refetch()}
        />
      ) : organisations.data.data.organisations.length === 0 ? (
        <EmptyState
          title="No organisations found"
          hint={q ? `Nothing matches “${q}”.` : undefined}
          icon={<Building2 aria-hidden="true" className="size-8" />}
        />
      ) : (
        <>
          <OrganisationsTable
            organisations={organisations.data.data.organisations}
            busy={organisations.isPlaceholderData}
          />
          <Pager
            page={page}
            pageSize={ADMIN_ORGANISATIONS_PAGE_SIZE}
            total={organisations.data.data.total}
            noun="organisations"
            busy={organisations.isPlaceholderData}
            onPage={(next) => onChange({ q, page: next })}
          />
        </>
      )}
    </section>
  );
}
