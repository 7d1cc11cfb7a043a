import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * A real RFC 3161 time-stamp authority for tests: OpenSSL's `ts -reply` behind a tiny HTTP server.
 * It makes its own CA and a TSA certificate (extendedKeyUsage critical timeStamping) in a temp dir.
 * `mode` lets a test make it misbehave: "replay" answers every request with the first reply it gave
 * (wrong nonce and imprint), "fail" answers HTTP 500.
 */
export interface OpensslTsa {
  readonly url: string;
  readonly dir: string;
  /** PEM of the CA that issued the TSA certificate. */
  readonly caFile: string;
  mode: "ok" | "replay" | "fail";
  readonly requests: number;
  /** `openssl ts -verify` of a token over a SHA-256 value: the exit status says whether OpenSSL accepts it. */
  verifyWithOpenssl(token: Uint8Array, digestHex: string): Promise<boolean>;
  close(): Promise<void>;
}

async function openssl(args: string[], cwd: string): Promise<void> {
  await run("openssl", args, { cwd });
}

export async function startOpensslTsa(): Promise<OpensslTsa> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "openssl-tsa-"));
  fs.writeFileSync(path.join(dir, "tsa.ext"), "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n");
  await openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt", "-days", "2", "-subj", "/CN=Test TSA Root"], dir);
  await openssl(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "tsa.key", "-out", "tsa.csr", "-subj", "/CN=Test TSA"], dir);
  await openssl(["x509", "-req", "-in", "tsa.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-out", "tsa.crt", "-days", "2", "-extfile", "tsa.ext"], dir);
  fs.writeFileSync(path.join(dir, "tsaserial"), "01\n");
  fs.writeFileSync(
    path.join(dir, "tsa.cnf"),
    [
      "[ tsa ]",
      "default_tsa = test_tsa",
      "[ test_tsa ]",
      `dir = ${dir}`,
      "serial = $dir/tsaserial",
      "crypto_device = builtin",
      "signer_cert = $dir/tsa.crt",
      "certs = $dir/ca.crt",
      "signer_key = $dir/tsa.key",
      "signer_digest = sha256",
      "default_policy = 1.2.3.4.1",
      "digests = sha256, sha384, sha512",
      "accuracy = secs:1",
      "ordering = yes",
      "tsa_name = yes",
      "ess_cert_id_alg = sha256",
      "",
    ].join("\n"),
  );

  let first: Buffer | null = null;
  let requests = 0;
  let sequence = 0;
  const state = { mode: "ok" as OpensslTsa["mode"] };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      requests += 1;
      if (state.mode === "fail" || request.method !== "POST" || request.headers["content-type"] !== "application/timestamp-query") {
        response.writeHead(500).end();
        return;
      }
      try {
        sequence += 1;
        const query = path.join(dir, `q${sequence}.tsq`);
        const reply = path.join(dir, `r${sequence}.tsr`);
        fs.writeFileSync(query, Buffer.concat(chunks));
        await openssl(["ts", "-reply", "-config", "tsa.cnf", "-queryfile", query, "-out", reply], dir);
        const body = fs.readFileSync(reply);
        first ??= body;
        response.writeHead(200, { "content-type": "application/timestamp-reply" }).end(state.mode === "replay" ? first : body);
      } catch (error) {
        response.writeHead(500).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}/tsa`,
    dir,
    caFile: path.join(dir, "ca.crt"),
    get mode() {
      return state.mode;
    },
    set mode(value) {
      state.mode = value;
    },
    get requests() {
      return requests;
    },
    async verifyWithOpenssl(token, digestHex) {
      sequence += 1;
      const file = path.join(dir, `token${sequence}.der`);
      fs.writeFileSync(file, token);
      try {
        await openssl(["ts", "-verify", "-token_in", "-in", file, "-digest", digestHex, "-CAfile", "ca.crt", "-untrusted", "tsa.crt"], dir);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
