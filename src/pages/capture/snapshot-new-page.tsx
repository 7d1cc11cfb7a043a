import { Button, Space } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { useEndpointMutation } from "../../providers/use-endpoint";
import { siblingPath, type SectionPageProps } from "../../resources/derive";
import { CAPTURE_ENDPOINTS, SnapshotFormSchema, type CaptureRecord, type SnapshotForm } from "../../schema/capture";
import { SchemaForm } from "../kinds/schema-form";
import { refusalOf } from "../kinds/server-refusal";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { useCaptureAllowance } from "./capture-allowance-panel";
import { sectionCaptureLinks } from "./capture-links";
import { CaptureProgress } from "./capture-progress";

/**
 * /evidenceTaken/snapshotRecord/new: what the captures will be charged to, the form (one capture
 * per URL), then each capture's progress live until its result. A URL the server refuses is
 * named on the URL field and costs nothing.
 */
export default function SnapshotNewPage({ route }: SectionPageProps) {
  const allowance = useCaptureAllowance();
  const { send } = useEndpointMutation(CAPTURE_ENDPOINTS.create);
  const [started, setStarted] = useState<CaptureRecord[] | null>(null);
  const list = siblingPath(route, "dataList");
  return (
    <SectionPageFrame route={route}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        {allowance.notice}
        {started ? (
          <>
            <CaptureProgress captures={started} links={sectionCaptureLinks(route)} />
            <Space>
              <Button type="primary" onClick={() => setStarted(null)}>
                继续取证
              </Button>
              {list && <Link to={list}>查看取证列表</Link>}
            </Space>
          </>
        ) : (
          <SchemaForm
            schema={SnapshotFormSchema}
            submitLabel="开始取证"
            disabled={!allowance.canCapture}
            onSubmit={async (values) => {
              try {
                // The checked form holds the URLs as a list; the call takes the text area, one URL a line.
                const urls = (values.urls as string[]).join("\n");
                setStarted(await send({ ...(values as Omit<SnapshotForm, "urls">), urls }));
                allowance.reload();
                return null;
              } catch (error) {
                allowance.reload();
                return refusalOf(error);
              }
            }}
          />
        )}
      </Space>
    </SectionPageFrame>
  );
}
