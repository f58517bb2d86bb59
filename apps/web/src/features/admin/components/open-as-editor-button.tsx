import { PATHS } from '@insightra/contract';
import { LogIn } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useOrganisationSwitch } from '../../../components/organisation/use-organisation-switch';
import { Button } from '../../../components/ui/button';

/**
 * Switches the administrator's session into the organisation, where administrators work as editors,
 * and opens its dashboard.
 */
export function OpenAsEditorButton({ id, disabled }: { id: number; disabled: boolean }) {
  const navigate = useNavigate();
  const { enter, switching } = useOrganisationSwitch();
  return (
    <Button
      variant="secondary"
      disabled={disabled}
      loading={switching}
      loadingText="Opening..."
      icon={<LogIn aria-hidden="true" className="size-4" />}
      onClick={async () => {
        if (await enter(id)) navigate(PATHS.dashboard);
      }}
    >
      Open as editor
    </Button>
  );
}
