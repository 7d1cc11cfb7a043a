import { describe, expect, it } from "vitest";
import {
  acceptAttribute,
  AVATAR_UPLOAD_RULE,
  checkUpload,
  fileExtension,
  RIGHT_TYPE,
  RIGHT_TYPES,
  rightTypeRule,
  RightsFileSchema,
  type UploadRule,
} from "../../../src/schema/upload";
import { issuesOf } from "./first-issue";

const MB = 1024 * 1024;

describe("fileExtension", () => {
  it.each([
    ["report.pdf", "pdf"],
    ["Report.PDF", "pdf"],
    ["archive.tar.gz", "gz"],
    ["README", ""],
    ["trailing.", ""],
    [".env", "env"],
  ])("%j → %j", (name, ext) => {
    expect(fileExtension(name)).toBe(ext);
  });
});

describe("checkUpload", () => {
  const pdfOnly: UploadRule = { extensions: ["pdf"], maxBytes: 2 * MB };

  it.each([
    [{ name: "a.pdf", size: 1 }, undefined, null],
    [{ name: "a.exe", size: 2 * MB }, undefined, null], // default rule: any extension, 2 MB
    [{ name: "a.exe", size: 2 * MB + 1 }, undefined, "文件大小超过2M"],
    [{ name: "a.pdf", size: 0 }, undefined, "不支持上传0KB的文件"],
    [null, undefined, "请选择文件"],
    [{ name: "a.PDF", size: 2 * MB }, pdfOnly, null],
    [{ name: "a.docx", size: 10 }, pdfOnly, "选择的文件格式不正确"],
    [{ name: "pdf", size: 10 }, pdfOnly, "选择的文件格式不正确"],
    [{ name: "a.docx", size: 0 }, pdfOnly, "选择的文件格式不正确"], // format is checked first
    [{ name: "a.pdf", size: 3 * MB }, { maxBytes: 1.5 * MB }, "文件大小超过1.5M"],
  ])("%j with %j → %s", (file, rule, message) => {
    expect(checkUpload(file, rule)).toBe(message);
  });
});

describe("rights types", () => {
  it.each([
    [RIGHT_TYPE.document, "文档", 50, "contract.docx", "movie.mp4"],
    [RIGHT_TYPE.image, "图片", 50, "photo.HEIC", "contract.pdf"],
    [RIGHT_TYPE.audio, "音频", 200, "song.flac", "photo.png"],
    [RIGHT_TYPE.video, "视频", 200, "clip.MOV", "song.mp3"],
  ])("type %i (%s): %i MB, accepts %s, refuses %s", (id, label, megabytes, accepted, refused) => {
    const rule = rightTypeRule(id);
    expect(rule.label).toBe(label);
    expect(rule.maxBytes).toBe(megabytes * MB);
    expect(checkUpload({ name: accepted, size: rule.maxBytes }, rule)).toBeNull();
    expect(checkUpload({ name: accepted, size: rule.maxBytes + 1 }, rule)).toBe(`文件大小超过${megabytes}M`);
    expect(checkUpload({ name: refused, size: 1 }, rule)).toBe("选择的文件格式不正确");
  });

  it("lists extensions in lowercase without dots and without overlaps", () => {
    const all = RIGHT_TYPES.flatMap((type) => type.extensions);
    expect(all.every((ext) => /^[a-z0-9]+$/.test(ext))).toBe(true);
    expect(new Set(all).size).toBe(all.length);
  });

  it("builds the accept attribute of a file input", () => {
    expect(acceptAttribute(rightTypeRule(RIGHT_TYPE.audio))).toBe(".mp3,.wav,.flac,.aac,.m4a,.ogg,.wma,.amr");
  });
});

describe("RightsFileSchema", () => {
  it.each([
    [{ name: "a.pdf", size: 100, rightType: 1 }, []],
    [{ name: "a.pdf", size: 100, rightType: 2 }, ["name: 选择的文件格式不正确"]],
    [{ name: "a.mp4", size: 0, rightType: 4 }, ["size: 不支持上传0KB的文件"]],
    [{ name: "a.mp4", size: 200 * MB + 1, rightType: 4 }, ["size: 文件大小超过200M"]],
    [{ name: "a.mp4", size: 1, rightType: 5 }, ["rightType: 请选择文件类型"]],
  ])("%j → %j", (value, issues) => {
    expect(issuesOf(RightsFileSchema, value)).toEqual(issues);
  });
});

describe("avatar rule", () => {
  it.each([
    [{ name: "me.jpg", size: 2_097_152 }, null],
    [{ name: "me.JPEG", size: 1000 }, null],
    [{ name: "me.png", size: 1000 }, null],
    [{ name: "me.gif", size: 1000 }, "您选择的文件格式有误"],
    [{ name: "me.png", size: 2_097_153 }, "文件超出大小限制"],
    [{ name: "me.png", size: 0 }, "请上传图片"],
    [undefined, "请上传图片"],
  ])("%j → %s", (file, message) => {
    expect(checkUpload(file, AVATAR_UPLOAD_RULE)).toBe(message);
  });
});
