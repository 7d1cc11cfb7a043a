import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { HelpCenterPage } from "../../src/pages/public/help-center/help-center-page";
import { ID_NUMBER_HINT } from "../../src/pages/public/help-center/lawsuit-package-view";
import { EXTRACTION_CAPTCHA_ENDPOINT } from "../../src/schema/account";
import { webapiPath } from "../../src/schema/contract";
import { LAWSUIT_PACKAGE_ENDPOINTS, LAWSUIT_PACKAGE_MESSAGES, LawSuitPackageCode, LawSuitPackageSchema } from "../../src/schema/lawsuit-package";
import { fail, ok, type ScriptedAnswer } from "./account-harness";
import { menuAnswer, P } from "./help-center-fixtures";
import { renderPublicPage } from "./public-page-harness";

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => sessionStorage.clear());

const PACKAGE = LAWSUIT_PACKAGE_ENDPOINTS.getLawSuitPackage.path;
const CAPTCHA = EXTRACTION_CAPTCHA_ENDPOINT.path;
const captchaImages = () => {
  let served = 0;
  return (() => ok({ codeBase64: `data:image/png;base64,Q0FQVENIQS0${++served}` })) as ScriptedAnswer;
};
const found = LawSuitPackageSchema.parse({
  filePath: `${webapiPath(LAWSUIT_PACKAGE_ENDPOINTS.downloadLawSuitPackage)}?ticket=abcdefghijklmnopqrstuvwxyz`,
  title: "证书 CERT-2026-0001 的诉讼包",
  updateTime: "2026-11-20 10:00:00",
  fileSize: "1.2 MB",
  fileNum: 4,
  fileFormat: "zip",
  content: "<p>包内含证据原件与校验报告。</p>",
  files: [
    { name: "evidence/原始文件.pdf", bytes: 1024, description: "证据原件" },
    { name: "certificate.pdf", bytes: 2048, description: "存证证书" },
  ],
});

const renderPackage = (script: Record<string, ScriptedAnswer>) =>
  renderPublicPage({ path: "/helpcenter?code=HLSUITPACKAGE&menuId=8", element: <HelpCenterPage />, script: { [P.menu]: menuAnswer(), [CAPTCHA]: captchaImages(), ...script } });

async function fill(user: ReturnType<typeof userEvent.setup>, values: { certificateNo: string; idCardNo: string; verifyCode: string }) {
  await user.type(screen.getByLabelText("证书编号"), values.certificateNo);
  await user.type(screen.getByLabelText("证件号码"), values.idCardNo);
  await user.type(screen.getByLabelText("验证码"), values.verifyCode);
}

describe("/helpcenter 诉讼包下载 (HLSUITPACKAGE)", () => {
  it("checks each field when it is left, with the spec's messages, and sends nothing while one is empty", async () => {
    const { callsTo } = renderPackage({ [PACKAGE]: ok(found) });
    const user = userEvent.setup();
    expect(await screen.findByText(ID_NUMBER_HINT)).toBeInTheDocument();
    await user.click(screen.getByLabelText("证书编号"));
    await user.tab();
    expect(await screen.findByText("请输入证书编号")).toBeInTheDocument();
    expect(screen.queryByText("请输入证件号码")).not.toBeInTheDocument();
    await user.click(screen.getByLabelText("证件号码"));
    await user.tab();
    expect(await screen.findByText("请输入证件号码")).toBeInTheDocument();
    await user.click(screen.getByLabelText("验证码"));
    await user.tab();
    expect(await screen.findByText("请输入验证码")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "验证并获取诉讼包" }));
    expect(callsTo(PACKAGE)).toHaveLength(0);
  });

  it("shows a refusal in the message modal; closing it loads a new captcha and clears its field", async () => {
    const { callsTo } = renderPackage({ [PACKAGE]: fail(LawSuitPackageCode.notHolder, LAWSUIT_PACKAGE_MESSAGES.notHolder) });
    const user = userEvent.setup();
    const firstImage = await screen.findByAltText("验证码");
    expect(firstImage).toHaveAttribute("src", "data:image/png;base64,Q0FQVENIQS01");
    await fill(user, { certificateNo: "CERT-2026-0001", idCardNo: "110101199001011234", verifyCode: "ab12" });
    await user.click(screen.getByRole("button", { name: "验证并获取诉讼包" }));
    const modal = within(await screen.findByRole("dialog"));
    expect(modal.getByText(LAWSUIT_PACKAGE_MESSAGES.notHolder)).toBeInTheDocument();
    expect(callsTo(PACKAGE)[0]).toMatchObject({ params: { certificateNo: "CERT-2026-0001", idCardNo: "110101199001011234", verifyCode: "ab12" }, tokenless: true });
    expect(callsTo(CAPTCHA)).toHaveLength(1);
    await user.click(modal.getByRole("button", { name: "确定" }));
    await waitFor(() => expect(screen.getByAltText("验证码")).toHaveAttribute("src", "data:image/png;base64,Q0FQVENIQS02"));
    expect(screen.getByLabelText("验证码")).toHaveValue("");
    expect(screen.getByLabelText("证书编号")).toHaveValue("CERT-2026-0001");
    expect(screen.queryByText("证书 CERT-2026-0001 的诉讼包")).not.toBeInTheDocument();
  });

  it("reloads the captcha when its image is clicked", async () => {
    const { callsTo } = renderPackage({});
    const user = userEvent.setup();
    await screen.findByAltText("验证码");
    await user.click(screen.getByRole("button", { name: "换一张验证码" }));
    await waitFor(() => expect(screen.getByAltText("验证码")).toHaveAttribute("src", "data:image/png;base64,Q0FQVENIQS02"));
    expect(callsTo(CAPTCHA)).toHaveLength(2);
  });

  it("shows the package with its download and a result crumb once the holder is verified", async () => {
    renderPackage({ [PACKAGE]: ok(found) });
    const user = userEvent.setup();
    await screen.findByAltText("验证码");
    await fill(user, { certificateNo: "CERT-2026-0001", idCardNo: "110101199001011234", verifyCode: "ab12" });
    await user.click(screen.getByRole("button", { name: "验证并获取诉讼包" }));
    expect(await screen.findByText("证书 CERT-2026-0001 的诉讼包")).toBeInTheDocument();
    expect(screen.getByText("包内含证据原件与校验报告。")).toBeInTheDocument();
    expect(screen.getByText("文件大小").closest("tr")).toHaveTextContent("1.2 MB");
    expect(screen.getByText("文件数量").closest("tr")).toHaveTextContent("4");
    expect(screen.getByText("evidence/原始文件.pdf")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "下载诉讼包" })).toHaveAttribute("href", found.filePath);
    expect(document.querySelector(".ant-breadcrumb")).toHaveTextContent("帮助中心/存证与诉讼/诉讼包下载/验证结果");
  });
});
