import { NoticePage } from "../../components/notice-page";

/** /judicialStatus: where judicial experts land from /index?source=judicialExpert (spec §6). */
export function JudicialStatusPage() {
  return <NoticePage title="司法鉴定" description="司法鉴定人员的登录与工作台将随账号模块一同上线。" />;
}
