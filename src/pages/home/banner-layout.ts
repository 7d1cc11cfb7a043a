import type { Banner } from "../../schema/common";

/**
 * How each banner template of spec §3 is drawn. The seeded artwork (public/assets/images/banner)
 * keeps quiet the part of the picture where its template puts the words:
 * 1 title on the left; 2 title centred; 3 title and a row of feature icons (subImage) on the left;
 * 5 title in a light card over a busy picture; 7 the picture carries its own message, the page adds
 * only the buttons; 8 title on the right. Template 4 has no artwork of its own and reads as 1.
 */
export type BannerLayout = "left" | "center" | "features" | "card" | "image" | "right";

const LAYOUT_BY_TEMPLATE: Record<Banner["templateId"], BannerLayout> = {
  1: "left",
  2: "center",
  3: "features",
  4: "left",
  5: "card",
  7: "image",
  8: "right",
};

export function bannerLayoutOf(templateId: Banner["templateId"]): BannerLayout {
  return LAYOUT_BY_TEMPLATE[templateId] ?? "left";
}

/**
 * Which part of a wide picture stays in view on a narrower screen. Template 7's message is drawn
 * on the picture's left half, so that half stays in view beside the login panel. Template 2 keeps
 * the middle of the picture quiet for a centred title; beside the panel the title is centred in
 * the space left of it, so the picture moves with it.
 */
const BACKGROUND_POSITION: Record<BannerLayout, string> = {
  left: "left center",
  center: "center",
  features: "left center",
  card: "center",
  image: "20% center",
  right: "right center",
};

export function backgroundPositionOf(layout: BannerLayout, isBesidePanel: boolean): string {
  if (!isBesidePanel) return BACKGROUND_POSITION[layout];
  if (layout === "center") return "80% center";
  // Template 8's quiet right side lies under the panel; showing the picture's left edge puts its
  // brightest part (the certificate) under the panel too, and the framed title over the stacks.
  if (layout === "right") return "left center";
  return BACKGROUND_POSITION[layout];
}
