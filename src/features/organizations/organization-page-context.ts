/* The organization the page shows, for its tabs, forms and panels (provided by OrganizationScreen). */
import { createContext, useContext } from 'react';
import type { OrganizationMirror } from '../../data/mirror/index.ts';

interface OrganizationPageValue {
  organizationID: number;
  mirror: OrganizationMirror;
  timeZone: string;
}

export const OrganizationPageContext = createContext<OrganizationPageValue | null>(null);

export function useOrganizationPage(): OrganizationPageValue {
  const value = useContext(OrganizationPageContext);
  if (!value) throw new Error('useOrganizationPage() needs OrganizationScreen around it');
  return value;
}
