import { Descriptions } from "antd";
import { useSearchParams } from "react-router";
import type { SectionPageProps } from "../../../resources/derive";
import { HELP_MENU_KIND_CODES, HELP_MENU_KINDS } from "../../../schema/help-center";
import { RECORD_ID_PARAM } from "../../kinds/record-links";
import { ContentEditorPage } from "./content-editor-page";
import { HELP_MENU_KIND } from "./content-kinds";
import { contentListSlots } from "./content-list-slots";
import { groupOptions, useHelpMenuRecords } from "./help-menu-options";
import { NullableSelect } from "./nullable-select";

type Values = Record<string, unknown>;

/** A menu has nothing to draw but its place and kind: the preview says what the help centre will do with it. */
export function HelpMenuPreview({ values }: { values: Values }) {
  const code = values.code as keyof typeof HELP_MENU_KINDS | null;
  return (
    <section aria-label="帮助中心栏目预览">
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="栏目名称">{String(values.name ?? "")}</Descriptions.Item>
        <Descriptions.Item label="栏目类型">{code ? HELP_MENU_KINDS[code] : "分组（选择时展开，不显示内容）"}</Descriptions.Item>
      </Descriptions>
    </section>
  );
}

/** 帮助中心栏目: the list's actions, and the editor with the groups to choose the parent from. */
export const slots = contentListSlots(HELP_MENU_KIND, HelpMenuPreview);

export default function HelpMenuEditorPage({ route }: SectionPageProps) {
  const menus = useHelpMenuRecords() ?? [];
  const [params] = useSearchParams();
  const editing = Number(params.get(RECORD_ID_PARAM)) || undefined;
  const kindOptions = HELP_MENU_KIND_CODES.map((code) => ({ value: code, label: HELP_MENU_KINDS[code] }));
  return (
    <ContentEditorPage
      route={route}
      kind={HELP_MENU_KIND}
      Preview={HelpMenuPreview}
      isPreviewLive
      formExtras={() => ({
        inputs: {
          parentId: <NullableSelect placeholder="顶层（直接在帮助中心下）" options={groupOptions(menus, editing)} />,
          code: <NullableSelect placeholder="分组（不选类型）" options={kindOptions} />,
        },
      })}
    />
  );
}
