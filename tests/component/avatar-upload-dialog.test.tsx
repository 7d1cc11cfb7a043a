import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AvatarUploadDialog } from "../../src/components/avatar-upload/avatar-upload-dialog";
import { AVATAR_MAX_BYTES } from "../../src/schema/constants";
import { PERSONAL_ENDPOINTS } from "../../src/schema/personal";
import { fail, ok } from "./account-harness";
import { MAIN_ACCOUNT, renderPersonal } from "./personal-harness";

const UPLOAD = PERSONAL_ENDPOINTS.uploadHeadPortrait.path;
const user = () => userEvent.setup({ applyAccept: false });

function openDialog(script = {}) {
  return renderPersonal({ path: "/personal/accountManagement", element: <AvatarUploadDialog open onClose={vi.fn()} />, script });
}

const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });

/**
 * jsdom decodes no images and has no 2D canvas; for the save path the test stands in for both,
 * as a browser would: the picture loads, the canvas gives a data: URL.
 */
function pretendBrowserDrawsImages() {
  class LoadingImage {
    naturalWidth = 480;
    naturalHeight = 300;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(_url: string) {
      setTimeout(() => this.onload?.());
    }
  }
  vi.stubGlobal("Image", LoadingImage);
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue({ clearRect: vi.fn(), drawImage: vi.fn(), imageSmoothingQuality: "low" } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockReturnValue("data:image/png;base64,iVBORw0KGgo=");
  vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:avatar");
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("avatar upload dialog (spec §5 messages)", () => {
  it.each([
    ["a GIF", file("animation.gif", 100, "image/gif"), "您选择的文件格式有误"],
    ["a file without extension", file("photo", 100, "image/png"), "您选择的文件格式有误"],
    ["one byte over 2097152 bytes", file("big.png", AVATAR_MAX_BYTES + 1, "image/png"), "文件超出大小限制"],
    ["an empty picture", file("empty.jpg", 0, "image/jpeg"), "请上传图片"],
  ])("refuses %s before anything is sent", async (_case, chosen, message) => {
    const { callsTo } = openDialog();
    await user().upload(screen.getByLabelText("选择头像图片"), chosen);
    expect(await screen.findByText(message)).toBeInTheDocument();
    await user().click(screen.getByRole("button", { name: "保存" }));
    expect(callsTo(UPLOAD)).toHaveLength(0);
  });

  it("asks for a picture when saving without one", async () => {
    openDialog();
    await user().click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("请上传图片")).toBeInTheDocument();
  });

  it("accepts exactly 2097152 bytes of JPEG and shows the 320×320 preview", async () => {
    pretendBrowserDrawsImages();
    openDialog();
    await user().upload(screen.getByLabelText("选择头像图片"), file("photo.jpeg", AVATAR_MAX_BYTES, "image/jpeg"));
    const preview = await screen.findByRole("img", { name: "头像预览" });
    expect(preview).toHaveAttribute("width", "320");
    expect(preview).toHaveAttribute("height", "320");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("saves the 160×160 crop with uid, says 保存成功, and puts the new avatar into the session", async () => {
    pretendBrowserDrawsImages();
    const { callsTo, sessionStore } = openDialog({ [UPLOAD]: ok({ headPortraitPath: "/files/avatar/abc" }) });
    await user().upload(screen.getByLabelText("选择头像图片"), file("photo.png", 2048, "image/png"));
    await screen.findByRole("img", { name: "头像预览" });
    await user().click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("保存成功")).toBeInTheDocument();
    expect(callsTo(UPLOAD)[0].params).toEqual({ base64Data: "data:image/png;base64,iVBORw0KGgo=", uid: MAIN_ACCOUNT.id });
    const canvas = vi.mocked(HTMLCanvasElement.prototype.toDataURL).mock.contexts[0] as HTMLCanvasElement;
    expect([canvas.width, canvas.height]).toEqual([160, 160]);
    await waitFor(() => expect(sessionStore.getUser()?.headPortraitPath).toBe("/files/avatar/abc"));
  });

  it("shows the server's message when the save is refused", async () => {
    pretendBrowserDrawsImages();
    openDialog({ [UPLOAD]: fail(1001, "文件超出大小限制") });
    await user().upload(screen.getByLabelText("选择头像图片"), file("photo.png", 2048, "image/png"));
    await screen.findByRole("img", { name: "头像预览" });
    await user().click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("文件超出大小限制")).toBeInTheDocument();
  });
});
