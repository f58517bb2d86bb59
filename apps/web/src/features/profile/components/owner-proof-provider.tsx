import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { needsProof, type OwnerProof, OwnerProofContext, ProofAbandoned } from './owner-proof-context';
import { OwnerProofDialog } from './owner-proof-dialog';

export interface OwnerProofProviderProps {
  /** The account has a password: the owner confirms with it; otherwise with Google. */
  hasPassword: boolean;
  googleClientId: string | null;
  children: ReactNode;
}

/**
 * Connecting or disconnecting Google and setting a first password need a recent proof of the owner
 * (docs/SECURITY.md, "A stolen token adding or removing a way in"): the actions below run through
 * `withProof`, which asks "Confirm it's you" when the server says so. Actions waiting at the same time
 * share one dialog.
 */
export function OwnerProofProvider({ hasPassword, googleClientId, children }: OwnerProofProviderProps) {
  const [asking, setAsking] = useState(false);
  const answer = useRef<{ proved: Promise<boolean>; settle: (proved: boolean) => void } | null>(null);

  const settle = useCallback((proved: boolean) => {
    answer.current?.settle(proved);
    answer.current = null;
    setAsking(false);
  }, []);

  // Leaving the page abandons a question still open.
  useEffect(() => () => answer.current?.settle(false), []);

  const withProof = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (err) {
      if (!needsProof(err)) throw err;
      if (!answer.current) {
        let settleProof!: (proved: boolean) => void;
        const proved = new Promise<boolean>((resolve) => {
          settleProof = resolve;
        });
        answer.current = { proved, settle: settleProof };
        setAsking(true);
      }
      if (!(await answer.current.proved)) throw new ProofAbandoned();
      return action();
    }
  }, []);

  const value = useMemo<OwnerProof>(() => ({ withProof }), [withProof]);
  return (
    <OwnerProofContext.Provider value={value}>
      {children}
      {asking && (
        <OwnerProofDialog
          hasPassword={hasPassword}
          googleClientId={googleClientId}
          onProved={() => settle(true)}
          onCancel={() => settle(false)}
        />
      )}
    </OwnerProofContext.Provider>
  );
}
