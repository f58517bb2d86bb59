/** The body of the stand-in's POST /GenerateToken (multi-resource), as far as it reads it. */
export interface GenerateTokenBody {
  reports?: { id: string }[];
  datasets?: { id: string }[];
  identities?: { username?: string; roles?: string[]; datasets?: string[] }[];
  targetWorkspaces?: { id: string }[];
  lifetimeInMinutes?: number;
}

/**
 * Power BI's answer to the identities of a GenerateToken request, with the messages of its 400
 * `InvalidRequest` answers: a dataset with row-level security needs an identity ("requires effective
 * identity to be provided"), any other dataset must have none ("shouldn't have effective identity").
 * Null when the identities are acceptable.
 */
export function identityRefusalOf(
  body: GenerateTokenBody,
  rlsDatasets: Map<string, string[]>,
): string | null {
  const identities = body.identities ?? [];
  for (const identity of identities) {
    if (!identity.username || !identity.datasets?.length) return 'Effective identity is invalid';
  }
  const covered = new Set(identities.flatMap((i) => i.datasets ?? []));
  for (const { id } of body.datasets ?? []) {
    const withRls = rlsDatasets.has(id);
    if (withRls && !covered.has(id)) {
      return `Creating embed token for accessing dataset ${id} requires effective identity to be provided`;
    }
    if (!withRls && covered.has(id)) {
      return `Creating embed token for accessing dataset ${id} shouldn't have effective identity`;
    }
  }
  return null;
}
