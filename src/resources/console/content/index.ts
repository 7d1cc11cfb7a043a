import { PictureOutlined } from "@ant-design/icons";
import type { MainSectionDefinition } from "../../types";

/** 内容 (/console/content): what the public pages show (banners, product news, related applications). A section is one entry in `sections`. */
export const content: MainSectionDefinition = {
  key: "content",
  title: "内容",
  icon: PictureOutlined,
  sideNav: "links",
  sections: [],
};
