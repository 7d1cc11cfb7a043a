import { NoticePage } from "../../components/notice-page";

/** /info/notaryRequests/*: reached only with a notary session; the console comes in a later issue. */
export function NotaryRequestsPage() {
  return <NoticePage title="公证申请管理" description="公证申请的审核、查询与设置功能将在公证模块上线后提供。" />;
}
