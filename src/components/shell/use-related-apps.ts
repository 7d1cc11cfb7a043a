import { useEndpointQuery } from "../../providers/use-endpoint";
import { COMMON_ENDPOINTS } from "../../schema/common";
import { groupRelatedApps, type RelatedAppGroup } from "./related-apps";

/**
 * The related applications of getDappList (spec §7: the list travels in extraData.menuList),
 * grouped for the drawer. Asked only once the drawer is first opened, then kept for the visit.
 */
export function useRelatedApps(isWanted: boolean): { groups: RelatedAppGroup[]; isLoading: boolean; isError: boolean } {
  const { extraData, query } = useEndpointQuery(COMMON_ENDPOINTS.getDappList, {}, { enabled: isWanted, staleTime: Infinity });
  return {
    groups: groupRelatedApps(extraData?.menuList ?? []),
    isLoading: isWanted && query.isPending,
    isError: query.isError,
  };
}
