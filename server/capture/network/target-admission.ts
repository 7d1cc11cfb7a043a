import { RequestRefusedError } from "../capture-engine.types.js";
import { checkResolvedAddresses, checkUrl, type PolicyVerdict, type RequestTarget } from "./address-policy.js";
import { createHostAdmission } from "./allowed-hosts.js";
import { createSystemResolver, type Resolution, type Resolver } from "./resolver.js";

/**
 * Where a URL may be fetched from: the URL's own checks with the allow-list applied, then (for a
 * name) the DNS answers, every one of which must pass. The fetcher connects only to an address
 * this answered; the capture module asks the same question before it queues a capture.
 */

export interface AdmittedTarget {
  target: RequestTarget;
  /** Every address in it passed the policy (or the host is allowed). */
  resolution: Resolution;
}

export type TargetAdmission = (url: string, signal: AbortSignal) => Promise<AdmittedTarget>;

export function createTargetAdmission(allowedHosts: readonly string[], resolve: Resolver): TargetAdmission {
  const admit = createHostAdmission(allowedHosts);
  return async (raw, signal) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new RequestRefusedError("schemeRefused", "网址格式不正确");
    }
    const admission = admit(url);
    const verdict = checkUrl(url.href, admission);
    if (!verdict.ok) throw new RequestRefusedError(verdict.reason, verdict.detail);
    const { target } = verdict;
    const resolution = target.isAddressLiteral ? { addresses: [target.host], dns: [] } : await resolveName(resolve, target.host, signal);
    if (!admission.bypassesAddressPolicy) {
      const addressVerdict = checkResolvedAddresses(target.host, resolution.addresses);
      if (!addressVerdict.ok) throw new RequestRefusedError(addressVerdict.reason, addressVerdict.detail);
    }
    if (resolution.addresses.length === 0) throw new RequestRefusedError("dnsFailed", `${target.host} 没有解析到任何地址`);
    return { target, resolution };
  };
}

async function resolveName(resolve: Resolver, host: string, signal: AbortSignal): Promise<Resolution> {
  try {
    return await resolve(host, signal);
  } catch (error) {
    if (error instanceof RequestRefusedError || signal.aborted) throw error;
    throw new RequestRefusedError("dnsFailed", `${host} 解析失败（${(error as NodeJS.ErrnoException).code ?? (error as Error).message}）`);
  }
}

/**
 * The question the capture module asks before it queues a capture (nothing is fetched): may this
 * URL be captured here? Answers the refusal's reason and Chinese detail.
 */
export async function checkCaptureUrl(url: string, options: { allowedHosts: readonly string[]; resolve?: Resolver; signal?: AbortSignal }): Promise<PolicyVerdict> {
  const admit = createTargetAdmission(options.allowedHosts, options.resolve ?? createSystemResolver());
  try {
    await admit(url, options.signal ?? AbortSignal.timeout(10_000));
    return { ok: true };
  } catch (error) {
    if (error instanceof RequestRefusedError) return { ok: false, reason: error.reason, detail: error.detail };
    throw error;
  }
}
