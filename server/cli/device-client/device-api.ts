import { webapiPath, type Endpoint } from "../../../src/schema/contract.js";
import { signDeviceCall, type DeviceKey } from "./device-signer.js";

/**
 * A device's calls over HTTP, as an integrator's app would make them: every call signed by the
 * device key (device-signer.ts), fields as strings, a chunk as the multipart file `chunk` after
 * the fields. Answers the envelope's `datas`, or throws with the server's Chinese message.
 */
export class DeviceApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export type Params = Record<string, string | number | undefined>;

export class DeviceApi {
  constructor(
    private readonly server: string,
    private readonly key: DeviceKey,
    /** The server's clock minus ours, so timestamps land within its five minutes. */
    private readonly clockOffsetMs = 0,
  ) {}

  async call<T = unknown>(endpoint: Pick<Endpoint, "method" | "path" | "multipart">, params: Params, chunk?: Buffer): Promise<T> {
    const path = webapiPath(endpoint);
    const { fields, timestamp, signature } = signDeviceCall(this.key, endpoint.method, path, params, Date.now() + this.clockOffsetMs);
    const url = new URL(path, this.server);
    let init: RequestInit;
    if (endpoint.method === "GET") {
      url.search = new URLSearchParams({ ...fields, timestamp, signature }).toString();
      init = { method: "GET" };
    } else {
      url.search = new URLSearchParams({ timestamp, signature }).toString();
      if (endpoint.multipart) {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        form.append("chunk", new Blob([new Uint8Array(chunk ?? Buffer.alloc(0))]), "chunk.bin");
        init = { method: "POST", body: form };
      } else {
        init = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(fields) };
      }
    }
    const response = await fetch(url, init);
    const envelope = (await response.json()) as { code: number; message: string; datas: T };
    if (envelope.code !== 200) throw new DeviceApiError(envelope.code, envelope.message);
    return envelope.datas;
  }
}
