import { describe, expect, it } from "vitest";
import { imageVariantLabel } from "../../../src/schema/monitor.js";

describe("imageVariantLabel", () => {
  it.each([
    ["original", "原图"],
    ["mirrored", "镜像"],
    ["centre-80", "中心裁切 80%"],
    ["bottom-right-85", "右下裁切 85%"],
    ["mirrored-centre-85", "镜像 + 中心裁切 85%"],
  ])("names %s as %s", (variant, label) => expect(imageVariantLabel(variant)).toBe(label));

  it("shows a variant it does not know as the matcher named it", () => {
    expect(imageVariantLabel("sideways-12")).toBe("sideways-12");
  });
});
