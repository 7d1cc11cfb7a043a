import { App, Button, Modal, Popconfirm, Space } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { pagePath, type SectionRoute } from "../../../resources/derive";
import type { ListSlotProps, PageSlots, RowActionsProps } from "../../../resources/types";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import { MOVE_DIRECTIONS, PUBLICATION_TRANSITIONS, isActionAllowed, type PublicationState } from "../../../schema/console/publication";
import { RouterLinkButton } from "../../../components/router-link-button";
import { withRecordId } from "../../kinds/record-links";
import { refusalOf } from "../../kinds/server-refusal";
import { formValuesOf, type ContentKind } from "./content-kinds";
import type { ContentPreview } from "./content-previews";

/** The section's page a custom screen stands for: "new" (新建), "detail" (编辑). */
export function pageStandingFor(route: SectionRoute, kind: "new" | "detail") {
  return route.section.pages.find((page) => page.kind === "custom" && page.standsFor === kind);
}

/**
 * What a content list adds to the generic list: 新建 in the header, and on each row 编辑, 预览 and
 * the changes its state allows (PUBLICATION_TRANSITIONS): 发布, 下线, 删除 (drafts), 上移, 下移.
 */
export function contentListSlots(kind: ContentKind<any>, Preview: ContentPreview): PageSlots {
  function Toolbar({ route }: ListSlotProps) {
    const page = pageStandingFor(route, "new");
    return page ? (
      <RouterLinkButton type="primary" to={pagePath(route, page)}>
        新建{kind.noun}
      </RouterLinkButton>
    ) : null;
  }

  function RowActions({ route, record, refresh }: RowActionsProps) {
    const { message } = App.useApp();
    const [isPreviewOpen, setPreviewOpen] = useState(false);
    const calls = {
      publish: useEndpointMutation(kind.endpoints.publish),
      unpublish: useEndpointMutation(kind.endpoints.unpublish),
      delete: useEndpointMutation(kind.endpoints.delete),
      move: useEndpointMutation(kind.endpoints.move),
    };
    const id = record.id as number;
    const state = record.state as PublicationState;
    const name = kind.nameOf(record);
    const edit = pageStandingFor(route, "detail");

    async function run(call: keyof typeof calls, params: Record<string, unknown>, done: string) {
      try {
        await calls[call].send({ id, ...params } as never);
        message.success(done);
        refresh();
      } catch (error) {
        message.error(refusalOf(error).message);
      }
    }
    const transition = (action: "publish" | "unpublish") =>
      isActionAllowed(state, action) && (
        <Button type="link" size="small" onClick={() => void run(action, {}, `已${PUBLICATION_TRANSITIONS[action].label}：${name}`)}>
          {PUBLICATION_TRANSITIONS[action].label}
        </Button>
      );

    return (
      <Space size={0} wrap aria-label={`${name}的操作`}>
        {edit && <Link to={withRecordId(pagePath(route, edit), id)} style={{ padding: "0 7px" }}>编辑</Link>}
        <Button type="link" size="small" onClick={() => setPreviewOpen(true)}>
          预览
        </Button>
        {transition("publish")}
        {transition("unpublish")}
        {(["up", "down"] as const).map((direction) => (
          <Button key={direction} type="link" size="small" onClick={() => void run("move", { direction }, `已${MOVE_DIRECTIONS[direction]}：${name}`)}>
            {MOVE_DIRECTIONS[direction]}
          </Button>
        ))}
        {isActionAllowed(state, "delete") && (
          <Popconfirm title={`删除草稿“${name}”？`} okText="删除" cancelText="取消" onConfirm={() => run("delete", {}, `已删除：${name}`)}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        )}
        <Modal title={`预览：${name}`} open={isPreviewOpen} onCancel={() => setPreviewOpen(false)} footer={null} width={1040} destroyOnHidden>
          <Preview values={formValuesOf(kind, record)} />
        </Modal>
      </Space>
    );
  }

  return { toolbar: Toolbar, rowActions: RowActions };
}
