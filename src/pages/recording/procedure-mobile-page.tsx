import { Card } from "antd";
import { useState } from "react";
import type { SectionPageProps } from "../../resources/derive";
import { CLOUD_BROWSER_SCREENS, cloudBrowserPageHref } from "../../schema/cloud-browser";
import { ProcedureRecordStart } from "./procedure-record-start";

/** The recorder's toolbar above the phone's screen, in the frame. */
const TOOLBAR_HEIGHT = 150;

/**
 * procedureRecord/ifrmobile (spec §2): the same recorder framed at a phone's size; the cloud
 * browser emulates the phone (390x844, touch, a mobile user agent) on the server.
 */
export default function ProcedureMobilePage(props: SectionPageProps) {
  const [href, setHref] = useState<string | null>(null);
  const phone = CLOUD_BROWSER_SCREENS.mobile;
  if (!href) {
    return (
      <ProcedureRecordStart
        {...props}
        viewport="mobile"
        intro="以手机网页方式打开：云端浏览器模拟手机屏幕（含触控与手机浏览器标识），适合取证只在手机上展示的页面。"
        onStarted={(session, certificateHref) => setHref(cloudBrowserPageHref(session.id, "mobile", certificateHref))}
      />
    );
  }
  return (
    <Card title="手机端过程取证" styles={{ body: { display: "flex", justifyContent: "center" } }}>
      <iframe title="手机端录制" src={href} style={{ width: phone.width + 40, height: phone.height + TOOLBAR_HEIGHT, border: "12px solid #222", borderRadius: 28 }} />
    </Card>
  );
}
