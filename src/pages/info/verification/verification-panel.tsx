import { Suspense, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { antdPart } from "../../../app/antd-part";
import { LightAlert } from "../../../components/light/light-alert";
import { LightCard } from "../../../components/light/light-card";
import { LightSpin } from "../../../components/light/light-spin";
import { CERTIFICATE_NO_PARAM } from "../../../schema/certificate-names";
import { usePlatformKey, type PlatformKeyState } from "../../../verification/use-platform-key";
import { useVerificationClient } from "../../../verification/verification-context";
import "../../../components/public-page/public-page.css";
import { CopyText } from "./copy-text";
import { VerificationForm } from "./verification-form";
import { lookUpCertificates, type VerificationAnswer, type VerificationMode, type VerificationQuery } from "./verification-query";

// The checks and their report (drawn with antd) load with the first answer to check, not with the page (issue 20).
const CertificateResult = antdPart(() => import("../../../verification/certificate-result").then((module) => module.CertificateResult));

/**
 * The public verification of /info/certificate and /info/validateQuery: look a certificate up by
 * number, file or digest, then check it here against the platform key. A QR code's `?no=` opens
 * the number query and runs it at once.
 */
export default function VerificationPanel({ defaultMode }: { defaultMode: VerificationMode }) {
  const client = useVerificationClient();
  const platformKey = usePlatformKey();
  const [params] = useSearchParams();
  const numberFromLink = params.get(CERTIFICATE_NO_PARAM) ?? undefined;
  const initial: VerificationQuery = numberFromLink ? { mode: "certificateNo", certificateNo: numberFromLink } : { mode: defaultMode };
  const [query, setQuery] = useState<VerificationQuery | null>(null);
  const [answer, setAnswer] = useState<VerificationAnswer | null>(null);
  const [isBusy, setBusy] = useState(false);

  async function run(next: VerificationQuery) {
    setBusy(true);
    setQuery(next);
    setAnswer(null);
    setAnswer(await lookUpCertificates(client, next));
    setBusy(false);
  }
  useEffect(() => {
    if (numberFromLink) void run({ mode: "certificateNo", certificateNo: numberFromLink });
    // Once per number in the address; later queries come from the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [numberFromLink]);
  const shown = answer && (!answer.ok || (platformKey.status === "ready" && query)) ? answer : null;
  const resultRef = useBringIntoView(shown);

  return (
    <div className="hz-stack hz-stack--large">
      <PlatformKeyCard state={platformKey} />
      <LightCard title={<h2 style={{ margin: 0, fontSize: 20 }}>核验存证</h2>}>
        <VerificationForm initial={initial} onSubmit={(next) => void run(next)} isBusy={isBusy} />
      </LightCard>
      {isBusy && <LightSpin />}
      {shown && (
        <section ref={resultRef} tabIndex={-1} aria-labelledby="verification-result-heading" style={{ outline: "none", scrollMarginTop: 16 }}>
          <h2 id="verification-result-heading" style={{ fontSize: 20, marginTop: 0 }}>
            核验结果
          </h2>
          {!shown.ok && (
            <div data-testid="verification-not-found">
              <LightAlert type="error" message="核验未通过" description={shown.message} />
            </div>
          )}
          {shown.ok && query && platformKey.status === "ready" && (
            <div className="hz-stack">
              {shown.certificates.length > 1 && <span>找到 {shown.certificates.length} 份内容相同的存证，逐一核验如下。</span>}
              <Suspense fallback={<LightSpin />}>
                {shown.certificates.map((certificate) => (
                  <CertificateResult key={certificate.certificateNo} certificate={certificate} platformKey={platformKey.key} file={query.file} fileChecks={query.fileChecks} fileName={query.fileName} />
                ))}
              </Suspense>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

/**
 * The result appears below the form, usually below the fold: each new one is scrolled into view
 * and takes the focus, so a screen reader announces it from its heading instead of staying on the
 * button (WCAG 2.4.3 focus order).
 */
function useBringIntoView(result: VerificationAnswer | null) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const region = ref.current;
    if (!result || !region) return;
    const isReduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    region.focus({ preventScroll: true });
    region.scrollIntoView?.({ behavior: isReduced ? "auto" : "smooth", block: "start" });
  }, [result]);
  return ref;
}

function PlatformKeyCard({ state }: { state: PlatformKeyState }) {
  if (state.status === "loading") return <LightAlert type="info" message="正在获取平台公钥…" />;
  if (state.status === "error") return <LightAlert type="error" message="无法获取平台公钥，不能核验签名" description={state.message} />;
  return (
    <LightAlert
      type={state.changedFrom ? "warning" : "info"}
      message="用于核验检查点签名的平台公钥"
      description={
        <>
          <p style={{ marginTop: 0, marginBottom: 4, wordBreak: "break-all" }}>
            <code className="hz-code" data-testid="platform-key">{state.key}</code>
            <CopyText text={state.key} />
          </p>
          <div>公钥取自 /ledger/vkey，与证书和项目说明中公布的一致时，核验结果才可信；本浏览器已记住首次见到的公钥。</div>
          {state.changedFrom && <div style={{ marginTop: 4 }}>注意：平台公钥与本浏览器此前记住的不同（此前为 {state.changedFrom}），请向平台核实后再信任核验结果。</div>}
        </>
      }
    />
  );
}
