import type { SectionPageProps } from "../../../resources/derive";
import { ContentEditorPage } from "./content-editor-page";
import { BANNER_KIND } from "./content-kinds";
import { contentListSlots } from "./content-list-slots";
import { BannerPreview } from "./content-previews";
import { thumbnailCell } from "./thumbnail-cell";

/** 轮播图: the list's actions and the editor, previewed live in the home page's carousel. */
export const slots = { ...contentListSlots(BANNER_KIND, BannerPreview), cells: { imageUrl: thumbnailCell } };

export default function BannerEditorPage({ route }: SectionPageProps) {
  return <ContentEditorPage route={route} kind={BANNER_KIND} Preview={BannerPreview} isPreviewLive />;
}
