import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { App, Button, Empty, List, Typography } from "antd";
import { useState } from "react";
import { MessageModal } from "../../../components/message-modal";
import { PaginationBar } from "../../../components/pagination/pagination-bar";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import { formatDateTime } from "../../../schema/format";
import { LEGAL_AI_ENDPOINTS, type ConversationSummary } from "../../../schema/legal-ai";
import { DEFAULT_PAGE_SIZE, type PageP } from "../../../schema/paging";
import { refusalOf } from "../../kinds/server-refusal";

/** One size: the sidebar has no room for a size choice. */
export const HISTORY_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/**
 * The signed-in user's conversations, newest first (the server's order): open one, delete one
 * after a confirmation (its share link ends with it), or start a new one.
 */
export function ConversationHistory(props: {
  page: PageP<ConversationSummary> | undefined;
  activeId: string | null;
  onOpen: (conversationId: string) => void;
  onNew: () => void;
  onDeleted: (conversationId: string) => void;
  onPage: (pageNumber: number) => void;
}) {
  const { message } = App.useApp();
  const remove = useEndpointMutation(LEGAL_AI_ENDPOINTS.deleteConversation);
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);

  async function confirmDelete(conversation: ConversationSummary) {
    try {
      await remove.send({ conversationId: conversation.conversationId });
      message.success("对话已删除");
      props.onDeleted(conversation.conversationId);
    } catch (error) {
      message.error(refusalOf(error).message);
    }
  }

  return (
    <nav aria-label="对话历史">
      <Button type="dashed" block icon={<PlusOutlined />} onClick={props.onNew} style={{ marginBottom: 12 }}>
        新对话
      </Button>
      {props.page && props.page.list.length === 0 ? (
        <Empty description="还没有对话" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          size="small"
          dataSource={props.page?.list ?? []}
          renderItem={(conversation) => (
            <List.Item
              style={{ background: conversation.conversationId === props.activeId ? "#e6f4ff" : undefined, paddingInline: 8 }}
              actions={[<Button key="delete" type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`删除对话 ${conversation.title}`} onClick={() => setDeleting(conversation)} />]}
            >
              <Button type="link" style={{ padding: 0, height: "auto", textAlign: "left", whiteSpace: "normal" }} onClick={() => props.onOpen(conversation.conversationId)}>
                <span>
                  {conversation.title}
                  <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
                    {formatDateTime(conversation.updatedAt)} · {conversation.messageCount} 条{conversation.shared ? " · 已分享" : ""}
                  </Typography.Text>
                </span>
              </Button>
            </List.Item>
          )}
        />
      )}
      {props.page && props.page.totalPage > 1 && (
        <PaginationBar pageNumber={props.page.pageNumber} pageSize={props.page.pageSize} total={props.page.totalRow} sizes={[HISTORY_PAGE_SIZE]} onChange={(pageNumber) => props.onPage(pageNumber)} />
      )}
      <MessageModal
        open={deleting !== null}
        title="删除对话"
        content={`确定删除“${deleting?.title ?? ""}”吗？删除后无法恢复，它的分享链接也会失效。`}
        confirmText="删除"
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      />
    </nav>
  );
}
