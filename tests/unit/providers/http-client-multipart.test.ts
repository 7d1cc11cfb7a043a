import CryptoJS from "crypto-js";
import type { AxiosResponse, InternalAxiosRequestConfig } from "axios";
import { describe, expect, it } from "vitest";
import { createHttpClient } from "../../../src/providers/http-client";
import { createMemoryStorage, createSessionStore } from "../../../src/providers/session-store";
import { PERSONAL_ENDPOINTS } from "../../../src/schema/personal";
import { canonicalParamString } from "../../../src/schema/signature";

const T0 = 1_700_000_000_000;

function setup() {
  const sessionStore = createSessionStore(createMemoryStorage());
  sessionStore.setUser({ token: "tk-9", timestamp: T0, id: 9 });
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    seen.push(config);
    return { status: 200, statusText: "OK", headers: {}, config, data: { code: 200, message: "保存成功", datas: null } };
  };
  const http = createHttpClient({ baseURL: "/webapi", sessionStore, getLocation: () => ({ pathname: "/personal/accountManagement", search: "" }), navigate: () => {}, now: () => T0, adapter });
  return { http, seen };
}

describe("http client: multipart uploads", () => {
  it("sends the fields and the token as form fields and signs them, leaving files out of the signature", async () => {
    const { http, seen } = setup();
    const licence = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "licence.png", { type: "image/png" });
    const envelope = await http.post(PERSONAL_ENDPOINTS.submitEnterprise.path, { enterpriseName: "衡证科技有限公司", institutionType: 1, licenceImage: licence }, { multipart: true });
    expect(envelope.message).toBe("保存成功");

    const form = seen[0].data as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get("enterpriseName")).toBe("衡证科技有限公司");
    expect(form.get("institutionType")).toBe("1");
    expect(form.get("token")).toBe("tk-9");
    expect((form.get("licenceImage") as File).name).toBe("licence.png");

    const signed = { enterpriseName: "衡证科技有限公司", institutionType: "1", token: "tk-9", timestamp: String(T0) };
    expect(seen[0].params.signature).toBe(CryptoJS.SHA256(canonicalParamString(signed)).toString(CryptoJS.enc.Hex));
  });

  it("puts every field before the first file, so a streaming server has the signed fields before any file byte", async () => {
    const { http, seen } = setup();
    const file = new File(["x"], "a.pdf");
    await http.post("/evidence/v2/saveFileEvidence", { file0: file, name: "合同", file1: new File(["y"], "b.pdf") }, { multipart: true });
    const names = [...(seen[0].data as FormData).keys()];
    expect(names).toEqual(["name", "token", "file0", "file1"]);
  });

  it("keeps JSON bodies as they were", async () => {
    const { http, seen } = setup();
    await http.post(PERSONAL_ENDPOINTS.setTwoStep.path, { enabled: true });
    expect(JSON.parse(seen[0].data as string)).toEqual({ enabled: true, token: "tk-9" });
  });
});
