import { Select, Typography } from "antd";
import type { SectionPageProps } from "../../../resources/derive";
import { HELP_CONTENT_ENDPOINTS } from "../../../schema/console/help-content";
import { DICTIONARIES, type HelpMenuKind } from "../../../schema/help-center";
import { getRegionTree } from "../../../schema/regions";
import { HelpArticleCard } from "../../public/help-center/help-article-detail";
import { ContentEditorPage } from "./content-editor-page";
import type { FormExtras } from "./content-form";
import { HELP_ARTICLE_KIND } from "./content-kinds";
import { contentListSlots } from "./content-list-slots";
import { ServerPreview } from "./content-previews";
import { articleMenuOptions, menuCodeOf, useHelpMenuRecords } from "./help-menu-options";
import { NullableSelect } from "./nullable-select";

type Values = Record<string, unknown>;

/** The fields of a law case: they apply to an article of an HLLAWCASE menu only. */
export const LAW_CASE_FIELDS = ["courtName", "caseNo", "judgedOn", "evidenceChannelId", "caseType", "area"] as const;

const dictOptions = (group: keyof typeof DICTIONARIES) => DICTIONARIES[group].map((entry) => ({ value: entry.typecode, label: entry.typename }));
const PROVINCE_OPTIONS = getRegionTree().map((province) => ({ value: province.id, label: province.name }));

/** The draft as the help centre shows it, with the HTML as the server will store it. */
export function HelpArticlePreview({ values }: { values: Values }) {
  return (
    <ServerPreview endpoint={HELP_CONTENT_ENDPOINTS.previewArticle} values={values}>
      {(article) => (
        <section aria-label="帮助文章预览">
          <Typography.Text type="secondary">栏目：{article.channelName}</Typography.Text>
          <HelpArticleCard detail={{ cmsArticle: article, lastPage: null, nextPage: null }} leaf={{ id: article.menuId, code: article.channelCode as HelpMenuKind }} />
        </section>
      )}
    </ServerPreview>
  );
}

/** 帮助文章: the list's actions, and the editor whose law-case fields appear for a 司法案例 menu only. */
export const slots = contentListSlots(HELP_ARTICLE_KIND, HelpArticlePreview);

export default function HelpArticleEditorPage({ route }: SectionPageProps) {
  const menus = useHelpMenuRecords();
  const extras = (values: Values): FormExtras => ({
    inputs: {
      menuId: <Select placeholder="请选择所属栏目" loading={!menus} options={articleMenuOptions(menus ?? [])} />,
      evidenceChannelId: <NullableSelect placeholder="请选择取证渠道" options={dictOptions("eviChannel")} />,
      caseType: <NullableSelect placeholder="请选择案件类型" options={dictOptions("eviScene")} />,
      area: <NullableSelect placeholder="请选择省份" showSearch optionFilterProp="label" options={PROVINCE_OPTIONS} />,
    },
    hidden: menuCodeOf(menus, values.menuId) === "HLLAWCASE" ? [] : LAW_CASE_FIELDS,
  });
  return <ContentEditorPage route={route} kind={HELP_ARTICLE_KIND} Preview={HelpArticlePreview} isPreviewLive={false} formExtras={extras} />;
}
