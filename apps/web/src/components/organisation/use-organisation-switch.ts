import { ORGANISATION_MESSAGES } from '@insightra/contract';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { switchOrganisation } from '../../lib/organisations/organisation-api';
import { setSwitchingTo } from '../../lib/organisations/switching';
import { useSession } from '../../lib/session/session-context';
import { useToast } from '../ui/toast/toast-context';

/**
 * Switching the active organisation: the new token is stored as signing in stores it, and the session
 * forgets every answer of the last organisation before the next render (the member area remounts).
 */
export function useOrganisationSwitch() {
  const session = useSession();
  const toast = useToast();
  const [switching, setSwitching] = useState(false);

  const enter = async (id: number, said: (name: string) => string = ORGANISATION_MESSAGES.switched) => {
    setSwitching(true);
    // The member area stands aside from the click on: nothing of the last organisation is drawn again.
    setSwitchingTo(session.user?.organisations.find((o) => o.id === id)?.name ?? '');
    try {
      const { token, user } = await switchOrganisation(id);
      setSwitching(false);
      session.login(token, user);
      toast.success(said(user.organisation?.name ?? ''));
      return true;
    } catch (err) {
      setSwitching(false);
      toast.error(errorMessage(err, 'The organisation could not be switched. Please try again.'));
      return false;
    } finally {
      setSwitchingTo(null);
    }
  };

  return { enter, switching };
}
