import { SESSION_MESSAGES } from '@insightra/contract';
import { createContext, useContext } from 'react';
import { ApiError } from '../../../lib/api-client';

export interface OwnerProof {
  /**
   * Runs `action`; when the server first wants a recent proof of the owner, asks "Confirm it's you" and,
   * once confirmed, runs it once more. Rejects with ProofAbandoned when the owner closes the dialog.
   */
  withProof<T>(action: () => Promise<T>): Promise<T>;
}

/** The owner closed "Confirm it's you": the action is dropped, without an error message. */
export class ProofAbandoned extends Error {
  constructor() {
    super('Confirmation cancelled');
    this.name = 'ProofAbandoned';
  }
}

/** The server's 403 for a change that needs the session's sign-in or a reauthentication within 5 minutes. */
export const needsProof = (err: unknown) =>
  err instanceof ApiError && err.status === 403 && err.message === SESSION_MESSAGES.reauthenticationRequired;

export const OwnerProofContext = createContext<OwnerProof | null>(null);

export function useOwnerProof(): OwnerProof {
  const proof = useContext(OwnerProofContext);
  if (!proof) throw new Error('useOwnerProof needs an OwnerProofProvider');
  return proof;
}
