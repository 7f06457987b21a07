import { ICP_REGISTER } from '@shiju/contract/pages';
import { useQuery } from '@tanstack/react-query';
import { siteQueries } from '../api/site.js';

/**
 * The site's ICP 备案号: the server's ICP_BEIAN, carried by the theme call's answer; null when the server has none.
 * A page the server drew carries that answer, so the line is there from its first paint and the app takes it over
 * as drawn.
 */
export function useIcp(): string | null {
  return useQuery(siteQueries.theme()).data?.icp ?? null;
}

/** The ICP 备案号 linking to the MIIT's register of filings. */
export function IcpLink({ icp, onNavigate }: { icp: string; onNavigate?: () => void }) {
  return (
    <a href={ICP_REGISTER} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
      {icp}
    </a>
  );
}
