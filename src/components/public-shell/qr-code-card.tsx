import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { qrCodeUrl, type QrCodeTarget } from "./qr-code-targets";

// The QR encoder loads when a pop-up first opens, not with every public page.
const QrCodeImage = lazy(() => import("./qr-code-image").then((module) => ({ default: module.QrCodeImage })));
const QR_CODE_SIZE_PX = 148;

/** A QR code with its title and an honest caption; the content of the QR pop-ups. */
export function QrCodeCard({ target }: { target: QrCodeTarget }) {
  // Re-render on navigation so the phone-access code follows the page.
  useLocation();
  const url = qrCodeUrl(target, window.location.href);
  return (
    <div style={{ width: 180, textAlign: "center" }}>
      <strong>{target.title}</strong>
      <div style={{ margin: "8px auto", width: QR_CODE_SIZE_PX }}>
        <Suspense fallback={<div style={{ height: QR_CODE_SIZE_PX }} />}>
          <QrCodeImage text={url} label={`${target.title}二维码`} size={QR_CODE_SIZE_PX} />
        </Suspense>
      </div>
      <p className="hz-qr-card__caption">{target.caption}</p>
    </div>
  );
}
