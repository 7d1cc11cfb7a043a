import { ShareAltOutlined } from "@ant-design/icons";
import { Alert, App, Button, Modal, Space, Typography } from "antd";
import { useState } from "react";
import { legalShareLinkPath } from "../../../app/public-page-paths";
import { MessageModal } from "../../../components/message-modal";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import { LEGAL_AI_ENDPOINTS } from "../../../schema/legal-ai";
import { refusalOf } from "../../kinds/server-refusal";

/**
 * Sharing one conversation: 分享 makes a read-only link, shown this once (only its hash is kept,
 * so it cannot be shown again; sharing again makes a new link and ends the old one); 取消分享 ends
 * it at once.
 */
export function ShareControls({ conversationId, shared, onChanged }: { conversationId: string; shared: boolean; onChanged: () => void }) {
  const { message } = App.useApp();
  const share = useEndpointMutation(LEGAL_AI_ENDPOINTS.shareConversation);
  const revoke = useEndpointMutation(LEGAL_AI_ENDPOINTS.revokeShare);
  const [link, setLink] = useState<string | null>(null);
  const [isConfirmingRevoke, setConfirmingRevoke] = useState(false);

  async function makeLink() {
    try {
      const { shareId } = await share.send({ conversationId });
      setLink(`${window.location.origin}${legalShareLinkPath(shareId)}`);
      onChanged();
    } catch (error) {
      message.error(refusalOf(error).message);
    }
  }

  async function endLink() {
    try {
      await revoke.send({ conversationId });
      message.success("已取消分享，链接已失效");
      onChanged();
    } catch (error) {
      message.error(refusalOf(error).message);
    }
  }

  return (
    <Space>
      <Button icon={<ShareAltOutlined />} loading={share.mutation.isPending} onClick={() => void makeLink()}>
        {shared ? "重新分享" : "分享"}
      </Button>
      {shared && (
        <Button danger onClick={() => setConfirmingRevoke(true)}>
          取消分享
        </Button>
      )}
      <Modal open={link !== null} title="分享链接" onCancel={() => setLink(null)} footer={<Button type="primary" onClick={() => setLink(null)}>我已保存</Button>} destroyOnHidden>
        <Alert type="warning" showIcon message="链接只显示这一次，请立即复制保存。关闭后无法再次查看；再次分享会生成新链接，旧链接随即失效。" style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable={{ text: link ?? "", tooltips: ["复制链接", "已复制"] }} aria-label="分享链接">
          {link}
        </Typography.Paragraph>
        <Typography.Text type="secondary">任何拿到链接的人都能查看这次对话的全部内容。</Typography.Text>
      </Modal>
      <MessageModal
        open={isConfirmingRevoke}
        title="取消分享"
        content="取消后，已发出的链接立即失效。"
        confirmText="取消分享"
        cancelText="不取消"
        onConfirm={() => void endLink()}
        onClose={() => setConfirmingRevoke(false)}
      />
    </Space>
  );
}
