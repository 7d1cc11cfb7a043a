import type { SectionPageProps } from "../../resources/derive";
import { cloudBrowserPageHref } from "../../schema/cloud-browser";
import { ProcedureRecordStart } from "./procedure-record-start";

/** procedureRecord/new: the session starts, then the recorder (/precord) takes the whole window. */
export default function ProcedureNewPage(props: SectionPageProps) {
  return (
    <ProcedureRecordStart
      {...props}
      viewport="desktop"
      intro="平台将在云端启动一个独立的浏览器并打开您填写的网址，您在录制页面中远程操作它；操作全过程的录像、网络日志和每一步操作都在服务器上记录，结束后封存上链。"
      onStarted={(session, certificateHref) => window.location.assign(cloudBrowserPageHref(session.id, "desktop", certificateHref))}
    />
  );
}
