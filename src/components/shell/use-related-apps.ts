import { useCustom } from "@refinedev/core";
import type { z } from "zod";
import { COMMON_ENDPOINTS } from "../../providers/common-endpoints";
import type { WebapiCustomResponse } from "../../providers/data-provider";
import type { DappListExtraSchema } from "../../schema/common";
import { groupRelatedApps, type RelatedAppGroup } from "./related-apps";

type DappListExtra = z.infer<typeof DappListExtraSchema>;

/**
 * The related applications of getDappList (spec §7: the list travels in extraData.menuList),
 * grouped for the drawer. Asked only once the drawer is first opened, then kept for the visit.
 */
export function useRelatedApps(isWanted: boolean): { groups: RelatedAppGroup[]; isLoading: boolean; isError: boolean } {
  const { query } = useCustom({
    url: COMMON_ENDPOINTS.getDappList,
    method: "get",
    queryOptions: { enabled: isWanted, staleTime: Infinity },
  });
  const response = query.data as WebapiCustomResponse<unknown, DappListExtra> | undefined;
  return {
    groups: groupRelatedApps(response?.extraData?.menuList ?? []),
    isLoading: isWanted && query.isPending,
    isError: query.isError,
  };
}
