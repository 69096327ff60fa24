/*
 * Where adding an organization actor or editing them all ends: the organization's actors tab, which
 * lists what was just saved. Both forms' routes go back the same way.
 */
import { useNavigate } from '@tanstack/react-router';

export function useToActorsTab(organizationID: number): () => void {
  const navigate = useNavigate();
  return () =>
    void navigate({ to: '/organization/$organizationID/{-$viewName}', params: { organizationID, viewName: 'actors' } });
}
