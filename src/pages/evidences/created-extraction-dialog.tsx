import { Alert, Descriptions, Modal, Typography } from "antd";
import { PUBLIC_PAGE_PATHS } from "../../app/public-page-paths";
import type { CreatedExtraction } from "../../schema/evidence-library";
import { formatDateTime } from "../../schema/format";

/** The spec's /obtainEvidence entry, which opens the extraction login with the number filled in; the code never travels in a link. */
function extractionLink(extractNo: string): string {
  return `${window.location.origin}${PUBLIC_PAGE_PATHS.obtainEvidence}?extractNo=${encodeURIComponent(extractNo)}`;
}

/** The number and code, shown once: the platform keeps only a hash of the code and cannot show it again. */
export function CreatedExtractionDialog({ created, onClose }: { created: CreatedExtraction | null; onClose: () => void }) {
  return (
    <Modal open={created !== null} title="提取码已生成" onOk={onClose} onCancel={onClose} okText="我已记下" cancelButtonProps={{ style: { display: "none" } }} maskClosable={false}>
      {created && (
        <>
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="提取码只显示这一次，平台不保存明文。请现在复制，并只交给需要查看证据的人。" />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="提取编号">
              <Typography.Text copyable strong data-testid="extract-no">
                {created.extractNo}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="提取码">
              <Typography.Text copyable strong data-testid="extract-code">
                {created.extractCode}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="证据数">{created.itemCount} 条</Descriptions.Item>
            <Descriptions.Item label="有效期至">{formatDateTime(created.expiresAt)}</Descriptions.Item>
            <Descriptions.Item label="查看地址">
              <Typography.Text copyable data-testid="extract-link">
                {extractionLink(created.extractNo)}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
