import type { CellRenderer } from "../../../resources/types";

/** An image path drawn as a small picture in a list. */
export const thumbnailCell: CellRenderer = (value) =>
  typeof value === "string" && value !== "" ? <img src={value} alt="" style={{ height: 36, maxWidth: 96, objectFit: "contain" }} /> : null;
