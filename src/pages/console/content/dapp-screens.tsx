import type { SectionPageProps } from "../../../resources/derive";
import { ContentEditorPage } from "./content-editor-page";
import { DAPP_KIND } from "./content-kinds";
import { contentListSlots } from "./content-list-slots";
import { DappPreview } from "./content-previews";
import { thumbnailCell } from "./thumbnail-cell";

/** 相关应用: the list's actions and the editor, previewed live as the drawer's card. */
export const slots = { ...contentListSlots(DAPP_KIND, DappPreview), cells: { menu_logo: thumbnailCell } };

export default function DappEditorPage({ route }: SectionPageProps) {
  return <ContentEditorPage route={route} kind={DAPP_KIND} Preview={DappPreview} isPreviewLive />;
}
