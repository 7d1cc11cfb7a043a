import http from "node:http";
import net, { type Socket } from "node:net";
import tls, { type PeerCertificate, type SecureContext, type TLSSocket } from "node:tls";
import { X509Certificate } from "node:crypto";
import type { CaptureOrigin } from "../../../src/schema/capture.js";
import { RequestRefusedError } from "../capture-engine.types.js";
import type { RequestTarget } from "./address-policy.js";

/**
 * One HTTP exchange on a connection we open ourselves to an address the policy already checked,
 * so nothing re-resolves the name between the check and the connect (DNS rebinding). For HTTPS the
 * handshake completes and the chain is judged before a byte of the request is written: the
 * connection accepts any chain (rejectUnauthorized false) so an invalid one can still be recorded,
 * and we refuse it ourselves from `authorized` and the host name check.
 */

export type TlsRecord = NonNullable<CaptureOrigin["tls"]>;

export interface PinnedRequest {
  target: RequestTarget;
  address: string;
  method: string;
  /** In the order they are sent, Host included. */
  headers: [string, string][];
  body: Buffer | null;
  secureContext: SecureContext;
  signal: AbortSignal;
  /** Told the TLS facts of each new connection, valid or not, before the verdict. */
  onTls(record: TlsRecord): void;
  /** Told each body chunk's size as it arrives; throwing aborts the response with that error. */
  onBodyBytes(bytes: number): void;
}

/** The connection could not be made: nothing was sent, so another address of the host may be tried. */
export class ConnectError extends Error {
  constructor(readonly code: string) {
    super(`connect failed: ${code}`);
    this.name = "ConnectError";
  }
}

export interface PinnedResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  rawHeaders: [string, string][];
  /** The body as received (still content-encoded; de-chunked by Node). */
  body: Buffer;
  localAddress: string | null;
}

function certificateChain(socket: TLSSocket): TlsRecord["certificates"] {
  const chain: TlsRecord["certificates"] = [];
  const seen = new Set<string>();
  // Node lists the chain as served, then (when it verified) the trust anchor it found; the root's
  // issuer is itself, hence the `seen` guard.
  let certificate: PeerCertificate | undefined = socket.getPeerCertificate(true);
  while (certificate?.raw && !seen.has(certificate.fingerprint256)) {
    seen.add(certificate.fingerprint256);
    const x509 = new X509Certificate(certificate.raw);
    chain.push({
      subject: x509.subject.split("\n").join(", "),
      issuer: x509.issuer.split("\n").join(", "),
      validFrom: new Date(x509.validFrom).toISOString(),
      validTo: new Date(x509.validTo).toISOString(),
      fingerprint256: x509.fingerprint256,
      pem: x509.toString(),
    });
    certificate = (certificate as tls.DetailedPeerCertificate).issuerCertificate;
  }
  return chain;
}

function errorCode(error: unknown): string {
  if (error instanceof Error) return (error as NodeJS.ErrnoException).code ?? error.message;
  return String(error);
}

/** Opens the connection (TCP, then TLS for https) and answers it only once it may carry the request. */
function connect(request: PinnedRequest, done: (error: Error | null, socket?: Socket) => void): void {
  const { target, address } = request;
  const isTls = target.url.protocol === "https:";
  const socket: Socket = isTls
    ? tls.connect({
        host: address,
        port: target.port,
        // SNI carries names only (RFC 6066); an address literal is sent without it.
        servername: target.isAddressLiteral ? undefined : target.host,
        secureContext: request.secureContext,
        rejectUnauthorized: false,
        ALPNProtocols: ["http/1.1"],
      })
    : net.connect({ host: address, port: target.port });
  const abort = () => socket.destroy(request.signal.reason as Error);
  const settle = (error: Error | null) => {
    request.signal.removeEventListener("abort", abort);
    socket.off("error", settle);
    if (error) {
      socket.destroy();
      done(error);
    } else done(null, socket);
  };
  request.signal.addEventListener("abort", abort, { once: true });
  socket.once("error", settle);
  if (!isTls) {
    socket.once("connect", () => settle(null));
    return;
  }
  socket.once("secureConnect", () => {
    const secure = socket as TLSSocket;
    const identityError = secure.authorized ? tls.checkServerIdentity(target.host, secure.getPeerCertificate()) : undefined;
    const authorizationError = !secure.authorized ? errorCode(secure.authorizationError) : identityError ? errorCode(identityError) : null;
    request.onTls({
      protocol: secure.getProtocol() ?? "",
      cipher: secure.getCipher().standardName,
      authorized: authorizationError === null,
      authorizationError,
      certificates: certificateChain(secure),
    });
    settle(authorizationError === null ? null : new RequestRefusedError("tlsInvalid", `${target.url.host} 的证书未通过验证（${authorizationError}）`));
  });
}

export function sendPinnedRequest(request: PinnedRequest): Promise<PinnedResponse> {
  const { target } = request;
  return new Promise((resolve, reject) => {
    let localAddress: string | null = null;
    const outgoing = http.request({
      method: request.method,
      path: `${target.url.pathname}${target.url.search}`,
      headers: Object.fromEntries(request.headers),
      setHost: false,
      signal: request.signal,
      createConnection: (_options, oncreate) => {
        connect(request, (error, socket) => {
          if (error instanceof RequestRefusedError || request.signal.aborted) return oncreate(error, undefined as never);
          if (error || !socket) return oncreate(new ConnectError(errorCode(error)), undefined as never);
          localAddress = socket.localAddress ?? null;
          oncreate(null, socket);
        });
        return undefined;
      },
    });
    outgoing.once("error", reject);
    outgoing.once("response", (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => {
        try {
          request.onBodyBytes(chunk.length);
        } catch (error) {
          incoming.destroy();
          outgoing.destroy(error as Error);
          reject(error);
          return;
        }
        chunks.push(chunk);
      });
      incoming.once("error", reject);
      incoming.once("close", () => {
        if (!incoming.complete) reject(Object.assign(new Error("response cut short"), { code: "ECONNRESET" }));
      });
      incoming.once("end", () => {
        const rawHeaders: [string, string][] = [];
        for (let index = 0; index < incoming.rawHeaders.length; index += 2) rawHeaders.push([incoming.rawHeaders[index]!, incoming.rawHeaders[index + 1]!]);
        resolve({
          status: incoming.statusCode ?? 0,
          statusText: incoming.statusMessage ?? "",
          httpVersion: incoming.httpVersion,
          rawHeaders,
          body: Buffer.concat(chunks),
          localAddress,
        });
      });
    });
    outgoing.end(request.body ?? undefined);
  });
}
