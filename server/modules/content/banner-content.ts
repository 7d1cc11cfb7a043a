import type { Banner } from "../../../src/schema/common.js";
import type { BannerForm, BannerRecord } from "../../../src/schema/console/content.js";
import { publicationFieldsOf } from "./publication/publication-fields.js";
import type { PublicationKind } from "./publication/publication-editor.js";
import { PublishableTable, type PublishableRow } from "./publication/publishable-table.js";

/** The home carousel's banners (spec §3 Banner): one list, in the console's order. */
export const BANNER_TABLE = new PublishableTable("banners", []);
export type BannerRow = PublishableRow<"banners">;

/** A banner with its image paths as stored, or with `storagePrefix` before each (spec §3). */
export function bannerOf(row: BannerRow, storagePrefix = ""): Banner {
  const subImages = JSON.parse(row.sub_images_json) as Banner["subImage"];
  return {
    templateId: row.template_id as Banner["templateId"],
    imageUrl: storagePrefix + row.image_path,
    subImage: subImages.map((image) => ({ path: storagePrefix + image.path })),
    button: JSON.parse(row.buttons_json) as Banner["button"],
    title: row.title,
    subTitle: JSON.parse(row.sub_titles_json) as Banner["subTitle"],
  };
}

export const BANNER_KIND: PublicationKind<"banners", BannerForm, BannerRecord> = {
  table: BANNER_TABLE,
  newRowsGo: "last",
  scopeOf: () => ({}),
  toColumns: (form) => ({
    template_id: form.templateId,
    image_path: form.imageUrl,
    title: form.title,
    sub_images_json: JSON.stringify(form.subImage.map(({ path }) => ({ path }))),
    buttons_json: JSON.stringify(form.button.map(({ name, jumpUrl }) => ({ name, jumpUrl }))),
    sub_titles_json: JSON.stringify(form.subTitle.map(({ title }) => ({ title }))),
  }),
  toRecord: (row) => ({ ...publicationFieldsOf(row), ...bannerOf(row) }),
};
