import { Space } from "antd";
import { useEndpointMutation } from "../../providers/use-endpoint";
import type { SectionPageProps } from "../../resources/derive";
import { CLOUD_BROWSER_ENDPOINTS, CloudBrowserStartSchema, type CloudBrowserStatus, type CloudBrowserViewport } from "../../schema/cloud-browser";
import { recordHref } from "../kinds/record-links";
import { SchemaForm } from "../kinds/schema-form";
import { refusalOf } from "../kinds/server-refusal";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { useRecordingAllowance } from "./recording-allowance";

/** The form of procedureRecord/new and ifrmobile: the viewport is the page's, not the holder's choice. */
const FormSchema = CloudBrowserStartSchema.omit({ viewport: true });

/**
 * Starts a cloud-browser session from a section page: the allowance (录屏保全 count, the engine),
 * the form, then `onStarted` with the session and the certificate page it will link once sealed.
 */
export function ProcedureRecordStart({ route, viewport, onStarted, intro }: SectionPageProps & { viewport: CloudBrowserViewport; onStarted: (session: CloudBrowserStatus, certificateHref: string | null) => void; intro: string }) {
  const allowance = useRecordingAllowance("cloudBrowser");
  const { send } = useEndpointMutation(CLOUD_BROWSER_ENDPOINTS.start);
  const certificatePage = route.section.pages.find((page) => page.kind === "certificate");
  return (
    <SectionPageFrame route={route}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        {allowance.notice}
        <div>{intro}</div>
        <SchemaForm
          schema={FormSchema}
          submitLabel="打开云端浏览器，开始录制"
          disabled={!allowance.canRecord}
          onSubmit={async (values) => {
            try {
              const session = await send({ ...(values as { name: string; url: string }), viewport });
              onStarted(session, certificatePage ? recordHref(route, certificatePage, session.id) : null);
              return null;
            } catch (error) {
              allowance.reload();
              return refusalOf(error);
            }
          }}
        />
      </Space>
    </SectionPageFrame>
  );
}
