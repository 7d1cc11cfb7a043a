import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Web sites on loopback for capture tests (vitest files and the e2e project alike): one HTTP and
 * one HTTPS server on 127.0.0.1 with ephemeral ports, answering the same routes. HTTPS serves a
 * leaf (IP SAN 127.0.0.1, DNS SAN localhost) and the intermediate that issued it, under a root CA
 * made for this run, so a capture sees a real chain. Nothing here reaches beyond loopback.
 */

export type TestRouteHandler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

export interface TestSites {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  httpOrigin: string;
  /** `https://127.0.0.1:<port>` (no trailing slash). */
  httpsOrigin: string;
  /** The root CA (PEM) a capture must trust for the HTTPS site to verify. */
  caPem: string;
  /** The chain the HTTPS site serves, leaf first (leaf, intermediate), PEM. */
  chainPems: string[];
  /** CAPTURE_ALLOWED_HOSTS entries admitting both sites (`127.0.0.1:<port>`). */
  allowedHosts: string[];
  /** Answers `path` (the URL's pathname, any method) on both sites; a later call replaces it. */
  route(path: string, handler: TestRouteHandler): void;
  close(): Promise<void>;
}

interface TestCertificates {
  caPem: string;
  intermediatePem: string;
  leafPem: string;
  leafKeyPem: string;
}

/** CA -> intermediate -> leaf, made with the openssl CLI in a temporary directory removed at once. */
export function makeTestCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), "capture-test-ca-"));
  const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  const ecKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"];
  try {
    writeFileSync(join(dir, "ca.ext"), "basicConstraints=critical,CA:TRUE,pathlen:0\nkeyUsage=critical,keyCertSign,cRLSign\n");
    writeFileSync(join(dir, "leaf.ext"), "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n");
    openssl("req", "-x509", ...ecKey, "-keyout", "ca.key", "-out", "ca.pem", "-days", "3", "-subj", "/O=Capture Tests/CN=Capture Test Root CA", "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign");
    openssl("req", ...ecKey, "-keyout", "int.key", "-out", "int.csr", "-subj", "/O=Capture Tests/CN=Capture Test Intermediate CA");
    openssl("x509", "-req", "-in", "int.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-set_serial", "2", "-days", "3", "-extfile", "ca.ext", "-out", "int.pem");
    openssl("req", ...ecKey, "-keyout", "leaf.key", "-out", "leaf.csr", "-subj", "/O=Capture Tests/CN=127.0.0.1");
    openssl("x509", "-req", "-in", "leaf.csr", "-CA", "int.pem", "-CAkey", "int.key", "-set_serial", "3", "-days", "3", "-extfile", "leaf.ext", "-out", "leaf.pem");
    const read = (name: string) => readFileSync(join(dir, name), "utf8");
    return { caPem: read("ca.pem"), intermediatePem: read("int.pem"), leafPem: read("leaf.pem"), leafKeyPem: read("leaf.key") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startTestSites(): Promise<TestSites> {
  const certificates = makeTestCertificates();
  const routes = new Map<string, TestRouteHandler>();
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", "http://site.invalid").pathname;
    const handler = routes.get(path);
    if (!handler) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found");
      return;
    }
    Promise.resolve(handler(request, response)).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      response.end(String(error));
    });
  };
  const plain = http.createServer(answer);
  const secure = https.createServer({ key: certificates.leafKeyPem, cert: certificates.leafPem + certificates.intermediatePem }, answer);
  const listen = (server: http.Server) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
    });
  const [httpPort, httpsPort] = await Promise.all([listen(plain), listen(secure)]);
  const close = (server: http.Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    httpOrigin: `http://127.0.0.1:${httpPort}`,
    httpsOrigin: `https://127.0.0.1:${httpsPort}`,
    caPem: certificates.caPem,
    chainPems: [certificates.leafPem, certificates.intermediatePem],
    allowedHosts: [`127.0.0.1:${httpPort}`, `127.0.0.1:${httpsPort}`],
    route: (path, handler) => void routes.set(path, handler),
    close: async () => {
      await Promise.all([close(plain), close(secure)]);
    },
  };
}
