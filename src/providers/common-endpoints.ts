/** Paths of the common calls of spec §7, relative to the /webapi base. */
export const COMMON_ENDPOINTS = {
  getTime: "/common/v2/getTime",
  getDappList: "/common/v2/getDappList",
  getBanner: "/extractEvidence/v2/getBanner",
  getCmsArticle: "/extractEvidence/v2/getCmsArticle",
} as const;
