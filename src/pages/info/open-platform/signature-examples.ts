import { ACCOUNT_ENDPOINTS } from "../../../schema/account";
import { webapiPath } from "../../../schema/contract";
import type { SignedParams } from "../../../schema/signature";

/**
 * Worked examples of the request signature shown on /info/OpenPlatform. The canonical strings and
 * signatures are written out so a reader can compare their own output; tests/unit/pages
 * recomputes both with src/schema/signature.ts, so the page cannot drift from the algorithm.
 */
export interface SignatureExample {
  title: string;
  request: string;
  /** Every signed parameter, timestamp included. */
  params: SignedParams;
  canonical: string;
  signature: string;
}

export const SIGNATURE_EXAMPLES: readonly SignatureExample[] = [
  {
    title: "GET 请求：参数在查询字符串中",
    request: "GET /webapi/extractEvidence/v2/findArticleLikeKey?keyName=电子证据&pageNumber=1&pageSize=10&timestamp=1767225600000&signature=…",
    params: { keyName: "电子证据", pageNumber: 1, pageSize: 10, timestamp: 1767225600000 },
    canonical: "keyName电子证据pageNumber1pageSize10timestamp1767225600000",
    signature: "fa5045e23bda28461abca84093cc6098f9ff631d751cd37f7f58130a77243d11",
  },
  {
    title: "POST 请求：请求体字段与查询中的 timestamp 一起签名",
    request: `POST ${webapiPath(ACCOUNT_ENDPOINTS.logout)}?timestamp=1767225600000&signature=…  请求体 {"id":10086,"token":"0123456789abcdef0123456789abcdef"}`,
    params: { id: 10086, token: "0123456789abcdef0123456789abcdef", timestamp: 1767225600000 },
    canonical: "id10086timestamp1767225600000token0123456789abcdef0123456789abcdef",
    signature: "68f6e71ebee4b0d61e1a7b2fdc4c386f46a40ce197d7bd050d231369126e66fb",
  },
];
