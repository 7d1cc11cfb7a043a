import type { SectionPageProps } from "../../../resources/derive";
import { ContentEditorPage } from "./content-editor-page";
import { NEWS_KIND } from "./content-kinds";
import { contentListSlots } from "./content-list-slots";
import { NewsPreview } from "./content-previews";

/** 产品动态: the list's actions and the editor; the preview is the article page's, with the HTML as the server will store it. */
export const slots = contentListSlots(NEWS_KIND, NewsPreview);

export default function NewsEditorPage({ route }: SectionPageProps) {
  return <ContentEditorPage route={route} kind={NEWS_KIND} Preview={NewsPreview} isPreviewLive={false} />;
}
